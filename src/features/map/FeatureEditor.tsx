import { fieldErrorText, reasonParams } from '../../api/errorCatalogue';
import { useFormat } from '../../shared/format';
import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmDialog from '../../crud/ConfirmDialog';
import { deleteRequested, saveErrorsCleared, saveRequested } from '../../crud/resourcesSlice';
import { selectResource } from '../../crud/selectors';
import { categoryLabel, categoryOfInput, KNOWN_CATEGORIES } from './categories';
import { buildFeatureSave, formValuesOf, type FeatureFormValues } from './featureForm';
import { drawStarted, editCancelled, FEATURE_RESOURCE } from './mapSlice';
import { selectDraftMeasurement, selectEditor, selectFeatures } from './selectors';
import type { FeatureKind } from './types';

/**
 * The editor page's panel: start drawing, then the attribute form of the draft (a new shape or the selected
 * feature) with its live length/area, save (through the resources saga) and delete.
 */
export default function FeatureEditor({ kind }: { kind: FeatureKind }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectEditor);
  const features = useAppSelector(selectFeatures);
  const measurement = useAppSelector(selectDraftMeasurement);
  const saveState = useAppSelector((s) => selectResource(s, FEATURE_RESOURCE));
  const existing = editor.featureId === null ? null : (features.find((f) => f.id === editor.featureId) ?? null);
  const [values, setValues] = useState<FeatureFormValues>(() => formValuesOf(existing, t('map.defaultCategory')));
  const [errors, setErrors] = useState<Partial<Record<keyof FeatureFormValues, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const kindText = t(`map.kind.${editor.drawingCircle || editor.draft?.type === 'Circle' ? 'circle' : kind}`);

  // A new draft (selection or drawing) resets the form; vertex moves do not.
  const resetForm = useEffectEvent(() => {
    setValues(formValuesOf(existing, t('map.defaultCategory')));
    setErrors({});
    dispatch(saveErrorsCleared({ resource: FEATURE_RESOURCE }));
  });
  useEffect(() => resetForm(), [editor.epoch]);

  if (editor.mode === 'idle')
    return (
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => dispatch(drawStarted())}>
          {t('map.draw', { kind: kindText })}
        </Button>
        {kind === 'polygon' && (
          <Button variant="outlined" onClick={() => dispatch(drawStarted('circle'))}>
            {t('map.draw', { kind: t('map.kind.circle') })}
          </Button>
        )}
      </Stack>
    );
  if (editor.mode === 'drawing')
    return (
      <Stack spacing={1}>
        <Alert severity="info">{t('map.drawing', { kind: kindText })}</Alert>
        <Button onClick={() => dispatch(editCancelled())}>{t('map.cancel')}</Button>
      </Stack>
    );

  const serverError = (field: string) => {
    const error = saveState.fieldErrors.find((e) => e.field === field || e.field.startsWith(`${field}.`));
    if (!error) return undefined;
    const text = fieldErrorText(error);
    return t(text.key, text.params);
  };
  const set = (field: keyof FeatureFormValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: field === 'weight' ? (e.target.value === '' ? Number.NaN : Number(e.target.value)) : e.target.value }));
  const onSave = () => {
    if (!editor.draft) return;
    const check = buildFeatureSave(values, editor.draft, existing);
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    dispatch(saveRequested({ resource: FEATURE_RESOURCE, id: existing?.id, values: { ...check.input } }));
  };
  const helper = (field: keyof FeatureFormValues) => (errors[field] ? t(errors[field]!) : (serverError(field) ?? ' '));

  return (
    <Box
      component="form"
      noValidate
      aria-label={existing ? t('map.editFeature', { name: existing.name }) : t('map.newFeature', { kind: kindText })}
      onSubmit={(e) => (e.preventDefault(), onSave())}
    >
      <Typography variant="subtitle1" gutterBottom>
        {existing ? t('map.editFeature', { name: existing.name }) : t('map.newFeature', { kind: kindText })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('map.editHint')}
      </Typography>
      <Stack spacing={1}>
        <TextField
          size="small"
          label={t('map.name')}
          value={values.name}
          onChange={set('name')}
          error={Boolean(errors.name || serverError('name'))}
          helperText={helper('name')}
          required
        />
        <Autocomplete
          freeSolo
          size="small"
          options={KNOWN_CATEGORIES}
          getOptionLabel={(category) => categoryLabel(category, t)}
          value={values.category}
          onChange={(_e, category) => setValues((v) => ({ ...v, category: category ?? '' }))}
          onInputChange={(_e, text, reason) => reason === 'input' && setValues((v) => ({ ...v, category: categoryOfInput(text, t) }))}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('map.category')}
              error={Boolean(errors.category || serverError('category'))}
              helperText={helper('category')}
              required
            />
          )}
        />
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="color"
            label={t('map.color')}
            value={values.color}
            onChange={set('color')}
            error={Boolean(errors.color)}
            helperText={helper('color')}
            sx={{ width: 110 }}
          />
          <TextField
            size="small"
            type="number"
            label={t('map.weight')}
            value={Number.isNaN(values.weight) ? '' : values.weight}
            onChange={set('weight')}
            error={Boolean(errors.weight)}
            helperText={helper('weight')}
            slotProps={{ htmlInput: { min: 1, max: 20 } }}
          />
        </Stack>
        <Box aria-label={t('map.area')} role="status" sx={{ fontSize: 14 }}>
          {kind === 'point' && editor.draft?.type === 'Point' && (
            <div>
              {t('map.position')}: {editor.draft.coordinates[1].toFixed(6)}, {editor.draft.coordinates[0].toFixed(6)}
            </div>
          )}
          {kind === 'polyline' && (
            <div data-testid="measure-length">
              {t('map.length')}: {fmt.distance(measurement.length_m)}
            </div>
          )}
          {editor.draft?.type === 'Circle' && (
            <div data-testid="measure-radius">
              {t('map.radius')}: {fmt.distance(editor.draft.radius)}
            </div>
          )}
          {kind === 'polygon' && (
            <>
              <div data-testid="measure-area">
                {t('map.area')}: {fmt.area(measurement.area_m2)}
              </div>
              <div>
                {t('map.perimeter')}: {fmt.distance(measurement.length_m)}
              </div>
            </>
          )}
        </Box>
        {saveState.saveError && <Alert severity="error">{t('resources.saveFailed', reasonParams(saveState.saveError))}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saveState.saving || !editor.draft}>
            {saveState.saving ? t('map.saving') : t('map.save')}
          </Button>
          <Button onClick={() => dispatch(editCancelled())}>{t('map.cancel')}</Button>
          {existing && (
            <Button color="error" onClick={() => setConfirming(true)} disabled={saveState.busyIds.includes(existing.id)}>
              {t('map.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      {existing && (
        <ConfirmDialog
          open={confirming}
          title={t('map.deleteTitle')}
          body={t('map.deleteBody', { name: existing.name })}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            dispatch(deleteRequested({ resource: FEATURE_RESOURCE, id: existing.id }));
          }}
        />
      )}
    </Box>
  );
}
