import { z } from 'zod';

/**
 * DJI property set (spec dji-cloud-api-next §9): `thing/product/{gateway}/property/set` carries `{<property>: value}`
 * for the gateway or its aircraft, one property per message and, for a struct, one field per message (as DJI's demo
 * sends them); the reply on `…/property/set_reply` is keyed the same way, `result` at the leaf
 * (`{"distance_limit_status":{"state":{"result":0}}}`). Result 0 OK, 1 failed, 2 timed out, else DJI's error code.
 */
const flag = z.union([z.literal(0), z.literal(1)]);
const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** The aircraft's writable properties the spec lists (M30 / M3D and DJI's demo), with DJI's ranges. */
export const aircraftSettingsSchema = z
  .object({
    height_limit: int(20, 1500),
    distance_limit_status: z
      .object({ state: flag, distance_limit: int(15, 8000) })
      .partial()
      .strict(),
    night_lights_state: flag,
    obstacle_avoidance: z.object({ horizon: flag, upside: flag, downside: flag }).partial().strict(),
    rth_altitude: int(20, 500),
    rc_lost_action: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    commander_mode_lost_action: flag,
    commander_flight_mode: flag,
    commander_flight_height: int(2, 3000),
  })
  .partial()
  .strict();

/** The dock's writable properties (§5/§9): silent mode, user experience improvement (0 not set, 1 refused, 2 joined). */
export const dockSettingsSchema = z
  .object({ silent_mode: flag, user_experience_improvement: z.union([z.literal(0), z.literal(1), z.literal(2)]) })
  .partial()
  .strict();

export type AircraftSettings = z.infer<typeof aircraftSettingsSchema>;
export type DockSettings = z.infer<typeof dockSettingsSchema>;
export type DeviceSettings = AircraftSettings & DockSettings;

export const AIRCRAFT_SETTINGS = Object.keys(aircraftSettingsSchema.shape) as (keyof AircraftSettings)[];
export const DOCK_SETTINGS = Object.keys(dockSettingsSchema.shape) as (keyof DockSettings)[];

/** PATCH /api/Device/{id}/properties/: any writable property of a dock or an aircraft, at least one (the device's kind decides which apply). */
export const settingsInputSchema = aircraftSettingsSchema
  .extend(dockSettingsSchema.shape)
  .refine((change) => Object.values(change).some((v) => v !== undefined && (typeof v === 'number' || Object.keys(v).length > 0)), 'name a property to set');

/** The settings of a device kind: a dock's own, or an aircraft's (a dock's aircraft is set through the dock). */
export const settingNamesOf = (kind: 'dock' | 'aircraft'): readonly string[] => (kind === 'dock' ? DOCK_SETTINGS : AIRCRAFT_SETTINGS);

/** One `property/set` message's data: one property, or one field of a struct property. */
export type PropertySetData = Record<string, number | Record<string, number>>;

/**
 * The messages a change is sent as, in the order of the properties named: one per property, one per field of a
 * struct (`{"obstacle_avoidance":{"horizon":1}}`, then `{"obstacle_avoidance":{"upside":0}}`). Pure.
 */
export function propertyMessages(change: DeviceSettings): PropertySetData[] {
  return Object.entries(change).flatMap(([name, value]): PropertySetData[] => {
    if (value === undefined) return [];
    if (typeof value === 'number') return [{ [name]: value }];
    return Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([field, v]) => ({ [name]: { [field]: v as number } }));
  });
}

/**
 * The result a `property/set_reply` gives for the message sent: read at the message's own path
 * (`{"height_limit":{"result":0}}`, `{"obstacle_avoidance":{"horizon":{"result":0}}}`), or one level up when the device
 * answers a struct as a whole; DJI's demo takes the first `result` anywhere, read last. Null: no result in it. Pure.
 */
export function propertySetResult(reply: unknown, sent: PropertySetData): number | null {
  const resultOf = (node: unknown) =>
    node && typeof node === 'object' && typeof (node as { result?: unknown }).result === 'number' ? (node as { result: number }).result : null;
  const [name, value] = Object.entries(sent)[0] ?? [];
  if (name === undefined || !reply || typeof reply !== 'object') return null;
  const top = (reply as Record<string, unknown>)[name];
  if (value !== null && typeof value === 'object') {
    const field = Object.keys(value)[0];
    const nested = top && typeof top === 'object' && field !== undefined ? resultOf((top as Record<string, unknown>)[field]) : null;
    if (nested !== null) return nested;
  }
  return resultOf(top) ?? firstResult(reply, 4);
}

function firstResult(node: unknown, depth: number): number | null {
  if (!node || typeof node !== 'object' || depth < 0) return null;
  const record = node as Record<string, unknown>;
  if (typeof record.result === 'number') return record.result;
  for (const child of Object.values(record)) {
    const found = firstResult(child, depth - 1);
    if (found !== null) return found;
  }
  return null;
}

/** A device's settings view (GET /api/Device/{id}/properties/): what may be set and the values its state reported. */
export const settingsViewSchema = z.object({
  kind: z.enum(['dock', 'aircraft']),
  writable: z.array(z.string()),
  values: z.record(z.string(), z.unknown()),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** The values a device's state reported for its writable settings (others left out). Pure. */
export function currentSettings(kind: 'dock' | 'aircraft', state: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(settingNamesOf(kind).flatMap((name) => (state[name] === undefined ? [] : [[name, state[name]]])));
}

/** One field of the settings form: a property or a struct's field, how it is edited, its range or choices. */
export interface SettingField {
  /** `name` or `name.field`. */
  path: string;
  control: 'number' | 'switch' | 'choice';
  min?: number;
  max?: number;
  choices?: readonly number[];
}

const AIRCRAFT_FIELDS: readonly SettingField[] = [
  { path: 'height_limit', control: 'number', min: 20, max: 1500 },
  { path: 'distance_limit_status.state', control: 'switch' },
  { path: 'distance_limit_status.distance_limit', control: 'number', min: 15, max: 8000 },
  { path: 'obstacle_avoidance.horizon', control: 'switch' },
  { path: 'obstacle_avoidance.upside', control: 'switch' },
  { path: 'obstacle_avoidance.downside', control: 'switch' },
  { path: 'night_lights_state', control: 'switch' },
  { path: 'rth_altitude', control: 'number', min: 20, max: 500 },
  { path: 'rc_lost_action', control: 'choice', choices: [0, 1, 2] },
  { path: 'commander_mode_lost_action', control: 'choice', choices: [0, 1] },
  { path: 'commander_flight_mode', control: 'choice', choices: [0, 1] },
  { path: 'commander_flight_height', control: 'number', min: 2, max: 3000 },
];
const DOCK_FIELDS: readonly SettingField[] = [
  { path: 'silent_mode', control: 'switch' },
  { path: 'user_experience_improvement', control: 'choice', choices: [0, 1, 2] },
];

/** The form's fields of a device kind. */
export const settingFieldsOf = (kind: 'dock' | 'aircraft'): readonly SettingField[] => (kind === 'dock' ? DOCK_FIELDS : AIRCRAFT_FIELDS);

/** A field's value in a settings object (`undefined` when absent). Pure. */
export function settingValue(values: Record<string, unknown>, path: string): unknown {
  const [name, field] = path.split('.');
  const value = values[name];
  return field === undefined ? value : value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
}

/** The change the form's edits make: each edited field whose value differs from the current one, as PATCH takes it. Pure. */
export function changedSettings(current: Record<string, unknown>, edits: Readonly<Record<string, number>>): DeviceSettings {
  const change: Record<string, number | Record<string, number>> = {};
  for (const [path, value] of Object.entries(edits)) {
    if (settingValue(current, path) === value) continue;
    const [name, field] = path.split('.');
    if (field === undefined) change[name] = value;
    else change[name] = { ...((change[name] as Record<string, number> | undefined) ?? {}), [field]: value };
  }
  return change as DeviceSettings;
}
