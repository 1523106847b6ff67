import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The console's one way to show dates, times and numbers: Intl in the app language, one style per kind. Screens
 * take the formatters bound to the current language from useFormat(); `formatter(locale)` is the pure core.
 */
export type Formatter = ReturnType<typeof formatter>;

const EMPTY = '—';

/** BCP 47 locale of an app language ("zh-cn" → "zh-CN"). */
export const localeOf = (language: string) => (language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US');

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

/** A timestamp (ISO text, epoch ms or Date), or null when there is none or it is not a time. */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatter(locale: string) {
  const dateFormat = new Intl.DateTimeFormat(locale, DATE);
  const timeFormat = new Intl.DateTimeFormat(locale, TIME);
  const dateTimeFormat = new Intl.DateTimeFormat(locale, DATE_TIME);
  const unit = (name: string, digits: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits });
  const metres = unit('meter', 1);
  const kilometres = unit('kilometer', 2);
  const speedFormat = unit('meter-per-second', 1);
  const celsius = unit('celsius', 1);
  const minutes = unit('minute', 0);
  const hours = unit('hour', 0);
  const seconds = unit('second', 0);
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const countFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimalFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const orEmpty =
    <T>(format: (value: T) => string) =>
    (value: T | null | undefined) =>
      value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? EMPTY : format(value);
  const timestamp = (format: Intl.DateTimeFormat) => (value: unknown) => {
    const date = toDate(value);
    return date ? format.format(date) : EMPTY;
  };
  return {
    locale,
    /** A calendar day: 2026/11/21 · 11/21/2026. */
    date: timestamp(dateFormat),
    /** A moment to the minute: 2026/11/21 11:03 · 11/21/2026, 11:03 AM. */
    dateTime: timestamp(dateTimeFormat),
    /** A time of day to the second: 11:03:10 · 11:03:10 AM. */
    time: timestamp(timeFormat),
    /** A length of time given in seconds: 1小时 5分钟 · 1 hr 5 min; under a minute in seconds. */
    duration: orEmpty((totalSeconds: number) => {
      const rounded = Math.max(0, Math.round(totalSeconds));
      if (rounded < 60) return seconds.format(rounded);
      const h = Math.floor(rounded / 3600);
      const m = Math.round((rounded % 3600) / 60);
      return h ? `${hours.format(h)} ${minutes.format(m)}` : minutes.format(m);
    }),
    /** A distance or height in metres: 850 m, 2.3 km (kilometres from 1000 m). */
    distance: orEmpty((m: number) => (Math.abs(m) < 1000 ? metres.format(m) : kilometres.format(m / 1000))),
    /** An area in square metres: 820 m², 3.4 km² (square kilometres from 1 km²; Intl has no area units). */
    area: orEmpty((m2: number) => (Math.abs(m2) < 1_000_000 ? `${decimalFormat.format(m2)} m²` : `${decimalFormat.format(m2 / 1_000_000)} km²`)),
    /** An altitude or height in metres, always in metres. */
    altitude: orEmpty((m: number) => metres.format(m)),
    /** A speed in m/s. */
    speed: orEmpty((v: number) => speedFormat.format(v)),
    /** A temperature in °C. */
    temperature: orEmpty((c: number) => celsius.format(c)),
    /** A percentage given as 0–100. */
    percent: orEmpty((value: number) => percentFormat.format(value / 100)),
    /** A whole number of things, with grouping. */
    count: orEmpty((n: number) => countFormat.format(n)),
    /** A plain measured number (hours, km on a chart axis), at most two decimals. */
    decimal: orEmpty((n: number) => decimalFormat.format(n)),
  };
}

const cache = new Map<string, Formatter>();

/** The formatters of a locale, built once (Intl formatters are costly to create). */
export function formatterFor(locale: string): Formatter {
  let found = cache.get(locale);
  if (!found) cache.set(locale, (found = formatter(locale)));
  return found;
}

/** The formatters in the app language. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => formatterFor(localeOf(language)), [language]);
}

/** dayjs tokens of Intl's date-time parts, for the pickers. */
const PICKER_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  year: 'YYYY',
  month: 'MM',
  day: 'DD',
  hour: 'HH',
  minute: 'mm',
  second: 'ss',
  dayPeriod: 'A',
};

/**
 * The MUI X picker format (dayjs tokens) that writes a date-time, or a date, the way `formatter(locale)` shows it,
 * so a picker and the table next to it agree. Literal text with letters is escaped in [brackets]. Pure.
 */
export function pickerFormat(locale: string, kind: 'date' | 'dateTime'): string {
  const parts = new Intl.DateTimeFormat(locale, kind === 'date' ? DATE : DATE_TIME).formatToParts(new Date(2026, 10, 21, 15, 3));
  const twelveHour = parts.some((part) => part.type === 'dayPeriod');
  return parts
    .map((part) => {
      if (part.type === 'hour' && twelveHour) return 'hh';
      const token = PICKER_TOKENS[part.type];
      if (token) return token;
      // A typed value needs a typeable space (ICU may put a narrow no-break space before AM/PM).
      const literal = part.value.replace(/\s/gu, ' ');
      return /\p{L}/u.test(literal) ? `[${literal}]` : literal;
    })
    .join('');
}
