import { Alert as MuiAlert, Button, FormControlLabel, LinearProgress, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changedSettings, settingFieldsOf, settingValue, type SettingField } from '@shared/dji/properties';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { settingsChangeRequested, settingsClosed, settingsRequested } from './remoteSlice';
import { selectSettings } from './selectors';

/**
 * A dock's or its aircraft's settings in its drawer: each writable property with the value its state reported, and
 * (device:operate) the edited ones sent, one property/set per property or struct field.
 */
export default function SettingsPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canOperate = useCan('device:operate');
  const { view, sending, error } = useAppSelector(selectSettings(deviceId));
  const [edits, setEdits] = useState<Record<string, number>>({});
  useEffect(() => {
    dispatch(settingsRequested(deviceId));
    return () => {
      dispatch(settingsClosed(deviceId));
    };
  }, [dispatch, deviceId]);

  if (!view) return error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null;
  const shown = (field: SettingField) => edits[field.path] ?? settingValue(view.values, field.path);
  const edit = (path: string, value: number) => setEdits((current) => ({ ...current, [path]: value }));
  const change = changedSettings(view.values, edits);
  const label = (path: string) => t(`remote.settings.fields.${path.replace('.', '_')}`);
  const control = (field: SettingField) => {
    const value = shown(field);
    const disabled = !canOperate || sending;
    if (field.control === 'switch')
      return (
        <FormControlLabel
          key={field.path}
          label={label(field.path)}
          control={<Switch size="small" disabled={disabled} checked={value === 1} onChange={(event) => edit(field.path, event.target.checked ? 1 : 0)} />}
        />
      );
    if (field.control === 'choice')
      return (
        <TextField
          key={field.path}
          select
          size="small"
          label={label(field.path)}
          disabled={disabled}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => edit(field.path, Number(event.target.value))}
        >
          {field.choices?.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(`remote.settings.choices.${field.path}.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    return (
      <TextField
        key={field.path}
        type="number"
        size="small"
        label={label(field.path)}
        disabled={disabled}
        value={typeof value === 'number' ? value : ''}
        slotProps={{ htmlInput: { min: field.min, max: field.max } }}
        helperText={`${field.min}–${field.max}`}
        onChange={(event) => edit(field.path, Number(event.target.value))}
      />
    );
  };
  return (
    <Stack component="section" aria-label={t('remote.settings.title')} spacing={1}>
      <Typography variant="subtitle2">{t('remote.settings.title')}</Typography>
      {settingFieldsOf(view.kind).map(control)}
      {canOperate ? (
        <Button
          size="small"
          variant="contained"
          disabled={sending || Object.keys(change).length === 0}
          onClick={() => {
            dispatch(settingsChangeRequested({ deviceId, change }));
            setEdits({});
          }}
        >
          {t('remote.settings.apply')}
        </Button>
      ) : null}
      {sending ? <LinearProgress /> : null}
      {error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null}
    </Stack>
  );
}
