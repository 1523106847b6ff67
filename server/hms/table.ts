import { DOCK_DOMAIN, normaliseHmsCode, type HmsTexts } from '@shared/dji/hms';

/**
 * DJI's HMS text table (spec §10) and the rules that pick and fill an alarm's text. Pure: the copy in use is kept by
 * server/hms/catalogue.ts.
 */

/** The languages an alert's text is given in (the console's). */
export const HMS_LANGUAGES = ['zh', 'en'] as const;
export type HmsLanguage = (typeof HMS_LANGUAGES)[number];
export type AlarmTexts = Record<HmsLanguage, string>;

/** A loaded table: keys lower-cased (devices send codes in either case, DJI's keys mix them). */
export interface HmsTable {
  entries: ReadonlyMap<string, HmsTexts>;
  /** Distinct codes (a code's `_in_the_sky` and other variants count once). */
  codes: number;
}

const TIP_KEY = /^(dock|fpv)_tip_(0x[0-9a-f]+)/i;

/**
 * A table in DJI's format, or why it is not one: a JSON object of `dock_tip_…`/`fpv_tip_…` keys, each an object of
 * texts by language with zh or en. Keys of another form and languages whose text is not a string are left out;
 * a document with no usable key at all (an error page, an empty object) is refused.
 */
export function parseHmsTable(json: unknown): { ok: true; table: HmsTable } | { ok: false; error: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, error: 'not a JSON object' };
  const entries = new Map<string, HmsTexts>();
  const codes = new Set<string>();
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    const tip = TIP_KEY.exec(key);
    if (!tip || typeof value !== 'object' || value === null) continue;
    const texts = Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
    if (texts.zh === undefined && texts.en === undefined) continue;
    entries.set(key.toLowerCase(), texts);
    codes.add(tip[2].toLowerCase());
  }
  if (entries.size === 0) return { ok: false, error: 'no dock_tip_0x… or fpv_tip_0x… key with a zh or en text' };
  return { ok: true, table: { entries, codes: codes.size } };
}

/** What an alarm's text depends on: an HMS item as the device sent it (code, device_type, in_the_sky, args). */
export interface Alarm {
  code: string;
  /** The item's "domain-type-subtype"; null when not known (alerts recorded before it was kept). */
  deviceType: string | null;
  inTheSky: boolean;
  args: { component_index?: unknown; sensor_index?: unknown } | null;
}

/** The keys to try, in order: dock alarms `dock_tip_{code}`; others `fpv_tip_{code}`, its sky variant first when flying. */
export function hmsKeys(alarm: Pick<Alarm, 'code' | 'deviceType' | 'inTheSky'>): string[] {
  const dock = alarm.deviceType !== null && Number(alarm.deviceType.split('-')[0]) === DOCK_DOMAIN;
  const base = `${dock ? 'dock' : 'fpv'}_tip_${alarm.code}`.toLowerCase();
  return !dock && alarm.inTheSky ? [`${base}_in_the_sky`, base] : [base];
}

const SIDES: Record<HmsLanguage, { left: string; right: string; front: string; back: string }> = {
  zh: { left: '左', right: '右', front: '前', back: '后' },
  en: { left: 'left', right: 'right', front: 'front', back: 'back' },
};
const CHARGING_RODS = ['front', 'back', 'left', 'right'] as const;

const indexArg = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);

/**
 * Fills DJI's placeholders (spec §10): `%alarmid` the code, `%index` sensor_index + 1, `%component_index`
 * component_index + 1, `%battery_index` left for sensor_index 0 and right otherwise, `%dock_cover_index` 0 left 1 right,
 * `%charging_rod_index` 0 front 1 back 2 left 3 right. `%d`, `%s` and the like have no documented rule and stay.
 */
export function fillPlaceholders(text: string, alarm: Pick<Alarm, 'code' | 'args'>, language: HmsLanguage): string {
  const sensor = indexArg(alarm.args?.sensor_index);
  const sides = SIDES[language];
  return text.replace(/%(alarmid|component_index|battery_index|dock_cover_index|charging_rod_index|index)/g, (_match, name: string) => {
    switch (name) {
      case 'alarmid':
        return normaliseHmsCode(alarm.code);
      case 'component_index':
        return String(indexArg(alarm.args?.component_index) + 1);
      case 'battery_index':
      case 'dock_cover_index':
        return sensor === 0 ? sides.left : sides.right;
      case 'charging_rod_index':
        return sides[CHARGING_RODS[sensor] ?? 'front'];
      default:
        return String(sensor + 1);
    }
  });
}

const UNKNOWN: AlarmTexts = { zh: '未知健康告警 %alarmid', en: 'Unknown HMS alarm %alarmid' };

/**
 * An alarm's text in each language: the first key of hmsKeys the table has, the language's text (the other's when the
 * entry lacks it), placeholders filled; a code the table does not know reads by its code.
 */
export function alarmTexts(table: HmsTable, alarm: Alarm): AlarmTexts {
  const entry = hmsKeys(alarm)
    .map((key) => table.entries.get(key))
    .find((found) => found !== undefined);
  const pick = (language: HmsLanguage) => {
    const other = language === 'zh' ? 'en' : 'zh';
    return fillPlaceholders(entry?.[language] ?? entry?.[other] ?? UNKNOWN[language], alarm, language);
  };
  return { zh: pick('zh'), en: pick('en') };
}
