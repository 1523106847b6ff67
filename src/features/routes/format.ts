import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../i18n';

/** Metres, seconds and percentages of routes, through Intl in the app language. */
export function routeFormatters(language: string) {
  const locale = language === 'zh-cn' ? 'zh-CN' : 'en';
  const metres = new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 });
  const kilometres = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 2 });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', maximumFractionDigits: 0 });
  const seconds = new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const number = (value: unknown, format: (n: number) => string) => (typeof value === 'number' && Number.isFinite(value) ? format(value) : '—');
  return {
    distance: (m: unknown) => number(m, (v) => (v >= 1000 ? kilometres.format(v / 1000) : metres.format(v))),
    duration: (s: unknown) =>
      number(s, (v) => (v >= 60 ? `${minutes.format(Math.floor(v / 60))} ${seconds.format(Math.round(v % 60))}` : seconds.format(Math.round(v)))),
    percent: (pct: unknown) => number(pct, (v) => percent.format(v / 100)),
  };
}

export function useRouteFormat() {
  const language = useAppSelector(selectLanguage);
  return useMemo(() => routeFormatters(language), [language]);
}
