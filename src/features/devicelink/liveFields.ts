import type { TFunction } from 'i18next';
import type { DjiLive } from '@shared/dji/live';
import type { Formatter } from '../../shared/format';

/** A value to show: plain text, or a text key with its parameters (translated by the view). */
export type FieldValue = { text: string } | { key: string; params?: Record<string, string | number> };

export const fieldText = (t: TFunction, value: FieldValue): string => ('text' in value ? value.text : t(value.key, value.params));

export interface LiveField {
  /** key under devicelink.fields. */
  label: string;
  value: FieldValue;
}

const text = (value: string): FieldValue => ({ text: value });
const key = (k: string, params?: Record<string, string | number>): FieldValue => ({ key: `devicelink.${k}`, params });

/**
 * The DJI live fields worth showing for a device, in display order; fields the device has not reported are left out.
 * `language` picks the mode's text from the shared table; numbers go through the app's formatter `fmt`. Pure.
 */
export function liveFields(live: DjiLive, language: 'en' | 'zh', fmt: Formatter): LiveField[] {
  const fields: LiveField[] = [];
  const add = (label: string, value: FieldValue | null) => value && fields.push({ label, value });
  const defined = <T>(v: T | undefined, f: (v: T) => FieldValue): FieldValue | null => (v === undefined ? null : f(v));
  add(
    'mode',
    defined(live.mode, (mode) => text(mode[language])),
  );
  add(
    'battery',
    defined(live.battery, (b) => text(fmt.percent(b))),
  );
  add(
    'remainFlightTime',
    defined(live.remainFlightTime, (s) => text(fmt.duration(s))),
  );
  add(
    'elevation',
    defined(live.elevation, (m) => text(fmt.altitude(m))),
  );
  add(
    'height',
    defined(live.height, (m) => text(fmt.altitude(m))),
  );
  add(
    'horizontalSpeed',
    defined(live.horizontalSpeed, (v) => text(fmt.speed(v))),
  );
  add(
    'homeDistance',
    defined(live.homeDistance, (m) => text(fmt.distance(m))),
  );
  add(
    'gps',
    defined(live.gpsNumber, (n) => key('satellites', { count: n })),
  );
  if (live.rtkNumber !== undefined || live.rtkFixed !== undefined) add('rtk', key(`rtkStates.${live.rtkFixed ?? 'unknown'}`, { count: live.rtkNumber ?? '—' }));
  if (live.windSpeed !== undefined) add('wind', text(`${fmt.speed(live.windSpeed)}${live.windDirection ? ` ${live.windDirection}` : ''}`));
  if (live.sdrQuality !== undefined || live.lteQuality !== undefined)
    add('rcLink', key('linkBars', { sdr: live.sdrQuality ?? '—', lte: live.lteQuality ?? '—' }));
  const dock = live.dock;
  if (dock) {
    add(
      'cover',
      defined(dock.coverState, (c) => key(`coverStates.${c}`)),
    );
    add(
      'droneInDock',
      defined(dock.droneInDock, (d) => key(d ? 'yes' : 'no')),
    );
    add(
      'droneCharging',
      defined(dock.droneCharging, (c) => key(c ? 'yes' : 'no')),
    );
    add(
      'environment',
      defined(dock.environmentTemperature, (c) => text(`${fmt.temperature(c)}${dock.humidity === undefined ? '' : `, ${fmt.percent(dock.humidity)}`}`)),
    );
    add(
      'rainfall',
      defined(dock.rainfall, (r) => key(`rainfallLevels.${r}`)),
    );
    add(
      'network',
      defined(dock.networkQuality, (q) => key('networkBars', { quality: q })),
    );
    add(
      'emergencyStop',
      defined(dock.emergencyStop, (e) => key(e ? 'yes' : 'no')),
    );
  }
  return fields;
}

/** MUI colour of an alert level: 0 notice, 1 caution, 2 warning. */
export const ALERT_SEVERITY = { 0: 'info', 1: 'warning', 2: 'error' } as const;
