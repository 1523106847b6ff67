import { formatter, localeOf, pickerFormat } from '../../../src/shared/format';

// A local time, so the expected clock parts hold in any time zone.
const AT = new Date(2026, 10, 21, 11, 3, 10);

describe('formatter: one style per kind, in the app language', () => {
  const zh = formatter(localeOf('zh-cn'));
  const en = formatter(localeOf('en'));
  it.each<[string, (f: typeof zh) => string, string, string]>([
    ['date', (f) => f.date(AT.toISOString()), '2026/11/21', '11/21/2026'],
    ['date-time', (f) => f.dateTime(AT), '2026/11/21 11:03', '11/21/2026, 11:03 AM'],
    ['time', (f) => f.time(AT), '11:03:10', '11:03:10 AM'],
    ['date-time from epoch ms', (f) => f.dateTime(AT.getTime()), '2026/11/21 11:03', '11/21/2026, 11:03 AM'],
    ['no time', (f) => f.dateTime(null), '—', '—'],
    ['not a time', (f) => f.dateTime('soon'), '—', '—'],
    ['duration under a minute', (f) => f.duration(42), '42秒', '42 sec'],
    ['duration in minutes', (f) => f.duration(420), '7分钟', '7 min'],
    ['duration over an hour', (f) => f.duration(3900), '1小时 5分钟', '1 hr 5 min'],
    ['short distance', (f) => f.distance(850), '850米', '850 m'],
    ['long distance', (f) => f.distance(2345), '2.35公里', '2.35 km'],
    ['small area', (f) => f.area(820), '820 m²', '820 m²'],
    ['large area', (f) => f.area(3_400_000), '3.4 km²', '3.4 km²'],
    ['altitude', (f) => f.altitude(120.25), '120.3米', '120.3 m'],
    ['speed', (f) => f.speed(5.25), '5.3 m/s', '5.3 m/s'],
    ['percent', (f) => f.percent(42.4), '42%', '42%'],
    ['count', (f) => f.count(12345), '12,345', '12,345'],
    ['missing number', (f) => f.count(undefined), '—', '—'],
  ])('%s', (_kind, show, chinese, english) => {
    expect(show(zh)).toBe(chinese);
    expect(show(en)).toBe(english);
  });

  it('gives the pickers the same order of parts as the tables', () => {
    expect(pickerFormat('zh-CN', 'dateTime')).toBe('YYYY/MM/DD HH:mm');
    expect(pickerFormat('en-US', 'dateTime')).toBe('MM/DD/YYYY, hh:mm A');
    expect(pickerFormat('zh-CN', 'date')).toBe('YYYY/MM/DD');
  });
});
