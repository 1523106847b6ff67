import { aircraftSettingsSchema, dockSettingsSchema, type AircraftSettings, type DockSettings } from '@shared/dji/properties';

/** property/set's result for a message the device cannot apply (spec §9: 1 failed). */
const FAILED = 1;

/** What a property/set did: the reply's data (keyed like the message, `result` at the leaf) and the state to report. */
export interface SettingsOutcome {
  reply: Record<string, unknown>;
  /** The device whose property changed and its new value(s), as its `state` reports them; null when nothing changed. */
  changed: { device: 'dock' | 'aircraft'; values: Record<string, unknown> } | null;
}

/**
 * A dock's and its aircraft's writable properties as real ones keep them (spec dji-cloud-api-next §9): each
 * `property/set` names one property (or one field of a struct), is checked against DJI's ranges (else result 1) and
 * applied; the reply nests `result` where the message put the value.
 */
export class SimulatedSettings {
  readonly aircraft: Required<AircraftSettings> = {
    height_limit: 120,
    distance_limit_status: { state: 0, distance_limit: 5000 },
    night_lights_state: 0,
    obstacle_avoidance: { horizon: 1, upside: 1, downside: 1 },
    rth_altitude: 100,
    rc_lost_action: 2,
    commander_mode_lost_action: 1,
    commander_flight_mode: 1,
    commander_flight_height: 100,
  } as Required<AircraftSettings>;

  readonly dock: Required<DockSettings> = { silent_mode: 0, user_experience_improvement: 0 };

  /** Applies one message's data. */
  apply(data: unknown): SettingsOutcome {
    const entries = data && typeof data === 'object' ? Object.entries(data as Record<string, unknown>) : [];
    if (entries.length !== 1) return { reply: { result: FAILED }, changed: null };
    const [name, value] = entries[0];
    const leaf = value && typeof value === 'object' ? Object.keys(value)[0] : undefined;
    const answer = (result: number) => ({ [name]: leaf === undefined ? { result } : { [leaf]: { result } } });
    const device = Object.hasOwn(this.dock, name) ? 'dock' : Object.hasOwn(this.aircraft, name) ? 'aircraft' : null;
    if (!device) return { reply: answer(FAILED), changed: null };
    const store = (device === 'dock' ? this.dock : this.aircraft) as Record<string, unknown>;
    const merged = leaf === undefined ? value : { ...(store[name] as Record<string, unknown>), ...(value as Record<string, unknown>) };
    const schema = device === 'dock' ? dockSettingsSchema : aircraftSettingsSchema;
    if (!schema.safeParse({ [name]: merged }).success) return { reply: answer(FAILED), changed: null };
    store[name] = merged;
    return { reply: answer(0), changed: { device, values: { [name]: merged } } };
  }
}
