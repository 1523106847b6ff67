import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { deviceModelName } from '@shared/dji/devices';
import { ROUTE_AIRCRAFT_MODELS, ROUTE_PAYLOAD_MODELS } from '@shared/wayline/aircraft';
import { FINISH_ACTIONS, HEIGHT_MODES, type RouteSettings } from '@shared/wayline/model';
import { NumberField } from './WaypointForm';

/** A DJI model key "domain-type-subtype" → its name. */
export const modelName = (key: string | null | undefined) => {
  if (!key) return '—';
  const [domain, type, sub] = key.split('-').map(Number);
  return deviceModelName(domain, type, sub);
};

interface Choice<T> {
  name: keyof RouteSettings;
  values: readonly T[];
  label: (value: T) => string;
}

/** Route-level settings: height mode, speeds, finish and RC-lost behaviour, aircraft and payload. */
export default function RouteSettingsForm({ settings, onChange }: { settings: RouteSettings; onChange: (patch: Partial<RouteSettings>) => void }) {
  const { t } = useTranslation();
  const select = <T extends string | number | null>({ name, values, label }: Choice<T>) => (
    <TextField
      key={name}
      size="small"
      select
      label={name === 'drone_model' ? t('routes.model') : name === 'payload_model' ? t('routes.payload') : t(`routes.fields.${name}`)}
      value={String(settings[name] ?? '')}
      onChange={(e) => {
        const chosen = values.find((v) => String(v ?? '') === e.target.value) as T;
        onChange({ [name]: chosen } as Partial<RouteSettings>);
      }}
    >
      {values.map((value) => (
        <MenuItem key={String(value)} value={String(value ?? '')}>
          {label(value)}
        </MenuItem>
      ))}
    </TextField>
  );
  const number = (name: 'auto_flight_speed' | 'takeoff_security_height' | 'rth_altitude') => (
    <NumberField key={name} label={t(`routes.fields.${name}`)} value={settings[name]} onChange={(value) => onChange({ [name]: value })} />
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
      {select({ name: 'drone_model', values: ROUTE_AIRCRAFT_MODELS, label: modelName })}
      {select({ name: 'payload_model', values: [null, ...ROUTE_PAYLOAD_MODELS], label: modelName })}
      {select({ name: 'height_mode', values: HEIGHT_MODES, label: (v) => t(`routes.heightModes.${v}`) })}
      {number('auto_flight_speed')}
      {number('takeoff_security_height')}
      {number('rth_altitude')}
      {select({ name: 'finish_action', values: FINISH_ACTIONS, label: (v) => t(`routes.finishActions.${v}`) })}
      {select({ name: 'rc_lost_action', values: [0, 1, 2] as const, label: (v) => t(`routes.rcLostActions.${v}`) })}
      {select({ name: 'exit_wayline_when_rc_lost', values: [0, 1] as const, label: (v) => t(`routes.yesNo.${v}`) })}
    </Box>
  );
}
