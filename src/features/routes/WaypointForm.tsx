import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_TYPES, type ActionType, HEADING_MODES, TURN_MODES, type WaylineAction, type Waypoint } from '@shared/wayline/model';

/** The default parameters of a newly added action (DJI Pilot 2's defaults). */
const NEW_ACTION: Record<ActionType, WaylineAction> = {
  takePhoto: { type: 'takePhoto' },
  startRecord: { type: 'startRecord' },
  stopRecord: { type: 'stopRecord' },
  gimbalRotate: { type: 'gimbalRotate', pitch: -90 },
  hover: { type: 'hover', seconds: 5 },
  rotateYaw: { type: 'rotateYaw', heading: 0 },
  zoom: { type: 'zoom', focal_length: 24 },
};

/** The one numeric parameter an action has, if any. */
const paramOf = (action: WaylineAction): { key: string; value: number } | null => {
  // An action of a DJI file we do not model is kept as it is: shown, removable, not editable.
  if (action.type === 'kept') return null;
  const [key] = Object.keys(action).filter((k) => k !== 'type');
  return key ? { key, value: (action as unknown as Record<string, number>)[key] } : null;
};

/** A number field that keeps what is typed until it is a number (an empty or half-typed value is not sent). */
export function NumberField({ label, value, onChange, step = 1 }: { label: string; value: number; onChange: (value: number) => void; step?: number }) {
  const [text, setText] = useState<string | null>(null);
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={text ?? String(value)}
      slotProps={{ htmlInput: { step } }}
      onChange={(e) => {
        setText(e.target.value);
        const next = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(next)) onChange(next);
      }}
      onBlur={() => setText(null)}
    />
  );
}

function ActionsEditor({ actions, onChange }: { actions: WaylineAction[]; onChange: (actions: WaylineAction[]) => void }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<ActionType>('takePhoto');
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('routes.actions')}</Typography>
      {actions.map((action, i) => {
        const param = paramOf(action);
        const name = action.type === 'kept' ? t('routes.keptAction', { func: action.func }) : t(`routes.actionTypes.${action.type}`);
        return (
          <Box key={`${action.type}-${i}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip size="small" label={`${i + 1}. ${name}`} />
            {param && (
              <NumberField
                label={t(`routes.actionParams.${param.key}`)}
                value={param.value}
                onChange={(value) => onChange(actions.map((a, j) => (j === i ? ({ ...a, [param.key]: value } as WaylineAction) : a)))}
              />
            )}
            <IconButton size="small" aria-label={t('routes.removeAction', { name })} onClick={() => onChange(actions.filter((_, j) => j !== i))}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField size="small" select label={t('routes.addAction')} value={adding} onChange={(e) => setAdding(e.target.value as ActionType)} sx={{ flex: 1 }}>
          {ACTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`routes.actionTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...actions, NEW_ACTION[adding]])}>
          {t('routes.addAction')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The selected waypoint's fields: position, height, speed, heading, turn mode and its actions. */
export default function WaypointForm({ waypoint, onChange }: { waypoint: Waypoint; onChange: (patch: Partial<Waypoint>) => void }) {
  const { t } = useTranslation();
  const field = (name: 'lat' | 'lng' | 'alt' | 'speed' | 'heading_angle', step = 1) => (
    <NumberField key={name} label={t(`routes.fields.${name}`)} value={waypoint[name]} step={step} onChange={(value) => onChange({ [name]: value })} />
  );
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {field('lat', 0.000001)}
        {field('lng', 0.000001)}
        {field('alt')}
        {field('speed', 0.1)}
      </Box>
      <TextField
        size="small"
        select
        label={t('routes.fields.heading_mode')}
        value={waypoint.heading_mode}
        onChange={(e) => onChange({ heading_mode: e.target.value as Waypoint['heading_mode'] })}
      >
        {HEADING_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(`routes.headingModes.${mode}`)}
          </MenuItem>
        ))}
      </TextField>
      {waypoint.heading_mode === 'smoothTransition' && field('heading_angle')}
      <TextField
        size="small"
        select
        label={t('routes.fields.turn_mode')}
        value={waypoint.turn_mode}
        onChange={(e) => onChange({ turn_mode: e.target.value as Waypoint['turn_mode'] })}
      >
        {TURN_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(`routes.turnModes.${mode}`)}
          </MenuItem>
        ))}
      </TextField>
      <ActionsEditor actions={waypoint.actions} onChange={(actions) => onChange({ actions })} />
    </Stack>
  );
}
