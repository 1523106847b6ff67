import fs from 'node:fs';
import path from 'node:path';
import { OWN_HMS_TABLE, hmsCodesOf } from '@shared/dji/hms';
import { alarmTexts, fillPlaceholders, hmsKeys, parseHmsTable, type Alarm, type HmsTable } from '../../../server/hms/table';
import { pickLanguage } from '../../../server/http/language';

/** A small table in DJI's published format (our wording): sky variants, missing languages, odd keys. */
const SMALL_TABLE_FILE = path.resolve(__dirname, '../../fixtures/hms/hms.json');

const table = (json: unknown): HmsTable => {
  const parsed = parseHmsTable(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
};
const small = table(JSON.parse(fs.readFileSync(SMALL_TABLE_FILE, 'utf8')));
const alarm = (code: string, deviceType: string | null, inTheSky = false, args: Alarm['args'] = null): Alarm => ({ code, deviceType, inTheSky, args });

describe("parseHmsTable: DJI's published format", () => {
  it('keeps dock_tip_ and fpv_tip_ keys with a zh or en text, counts distinct codes, leaves other keys out', () => {
    expect(small.entries.has('not_a_tip_key')).toBe(false);
    expect(small.entries.get('fpv_tip_0x16100083')).toMatchObject({ de: expect.any(String), ja: expect.any(String) });
    // 0x16100083, 0x1B030019 (fpv and dock count once), 0x16080020 (+ sky), 0x1A420BC0 (+ special), 0x110B007, 0x19113D0D, 0x19110A10.
    expect(small.codes).toBe(7);
  });
  it.each<[string, unknown, RegExp]>([
    ['an array', [], /not a JSON object/],
    ['null', null, /not a JSON object/],
    ['an error page parsed as a string', 'Access denied', /not a JSON object/],
    ['an empty object', {}, /no dock_tip_0x/],
    ['keys of another form only', { hello: { zh: '你好', en: 'hello' } }, /no dock_tip_0x/],
    ['entries with neither zh nor en', { fpv_tip_0x16100083: { de: 'nur Deutsch' }, dock_tip_0x12040000: 'text' }, /no dock_tip_0x/],
  ])('refuses %s', (_name, json, error) => {
    const parsed = parseHmsTable(json);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(error);
  });
  it('our own table is in the same format, a text for each of its codes in both languages', () => {
    const own = table(OWN_HMS_TABLE);
    expect(own.codes).toBe(20);
    expect(Object.values(OWN_HMS_TABLE).every((texts) => texts.zh && texts.en)).toBe(true);
    expect(hmsCodesOf(OWN_HMS_TABLE, 'dock')).toHaveLength(10);
    expect(hmsCodesOf(OWN_HMS_TABLE, 'fpv')).toHaveLength(10);
  });
});

describe('hmsKeys: the key rules of spec §10', () => {
  it.each<[string, Parameters<typeof hmsKeys>[0], string[]]>([
    ['a dock alarm (domain 3)', { code: '0x19113D0D', deviceType: '3-2-0', inTheSky: false }, ['dock_tip_0x19113d0d']],
    ['a dock alarm never has a sky variant', { code: '0x19113D0D', deviceType: '3-3-0', inTheSky: true }, ['dock_tip_0x19113d0d']],
    ['an aircraft alarm on the ground', { code: '0x16100083', deviceType: '0-67-0', inTheSky: false }, ['fpv_tip_0x16100083']],
    [
      'an aircraft alarm in the sky: the sky variant, then the base key',
      { code: '0x1b030019', deviceType: '0-99-0', inTheSky: true },
      ['fpv_tip_0x1b030019_in_the_sky', 'fpv_tip_0x1b030019'],
    ],
    ['an RC alarm (domain 2) reads as fpv', { code: '0x16100083', deviceType: '2-119-0', inTheSky: false }, ['fpv_tip_0x16100083']],
    ['a payload alarm (domain 1) reads as fpv', { code: '0x16100083', deviceType: '1-52-0', inTheSky: false }, ['fpv_tip_0x16100083']],
    ['no device type known (an alert from before): fpv', { code: '0x16100083', deviceType: null, inTheSky: false }, ['fpv_tip_0x16100083']],
  ])('%s', (_name, input, keys) => expect(hmsKeys(input)).toEqual(keys));
});

describe('fillPlaceholders', () => {
  it.each<[string, string, Alarm['args'], 'zh' | 'en', string]>([
    ['%alarmid is the code in hex', 'code %alarmid', null, 'en', 'code 0x1B030019'],
    ['%index is sensor_index + 1', 'sensor %index', { sensor_index: 2, component_index: 5 }, 'en', 'sensor 3'],
    ['%index without args is 1', 'sensor %index', null, 'en', 'sensor 1'],
    ['%component_index is component_index + 1', 'motor %component_index', { component_index: 1, sensor_index: 3 }, 'en', 'motor 2'],
    ['%battery_index: sensor_index 0 is left', '%battery_index battery', { sensor_index: 0 }, 'en', 'left battery'],
    ['%battery_index: any other sensor_index is right', '%battery_index电池', { sensor_index: 4 }, 'zh', '右电池'],
    ['%dock_cover_index: 0 left', '%dock_cover_index舱盖', { sensor_index: 0 }, 'zh', '左舱盖'],
    ['%dock_cover_index: 1 right', 'the %dock_cover_index cover', { sensor_index: 1 }, 'en', 'the right cover'],
    ['%charging_rod_index: 0 front', '%charging_rod_index rod', { sensor_index: 0 }, 'en', 'front rod'],
    ['%charging_rod_index: 1 back', '%charging_rod_index充电杆', { sensor_index: 1 }, 'zh', '后充电杆'],
    ['%charging_rod_index: 2 left', '%charging_rod_index rod', { sensor_index: 2 }, 'en', 'left rod'],
    ['%charging_rod_index: 3 right', '%charging_rod_index充电杆', { sensor_index: 3 }, 'zh', '右充电杆'],
    ['several at once, %d and %s left as they are', '%index/%component_index %d %s %sm', { sensor_index: 0, component_index: 2 }, 'en', '1/3 %d %s %sm'],
    ['args of the wrong type count as 0', '%index %component_index', { sensor_index: 'x', component_index: -1 }, 'en', '1 1'],
  ])('%s', (_name, text, args, language, expected) => expect(fillPlaceholders(text, { code: '0x1b030019', args }, language)).toBe(expected));
});

describe('alarmTexts', () => {
  it.each<[string, Alarm, { zh: string; en: string }]>([
    [
      'the real sample item (doc_dock1_events_hms: 0x16100083 on 0-67-0), battery left',
      alarm('0x16100083', '0-67-0', false, { sensor_index: 0, component_index: 0 }),
      { zh: '电池未安装到位，请锁紧左电池', en: 'Battery not seated: lock battery left in place' },
    ],
    [
      'codes in lower case find upper-case keys',
      alarm('0x1b030019', '0-99-0'),
      { zh: '飞行器偏离航线（0x1B030019）', en: 'Aircraft left the wayline (0x1B030019)' },
    ],
    [
      'in the sky with a sky variant',
      alarm('0x16080020', '0-89-0', true, { component_index: 2 }),
      { zh: '3 号电机堵转，请立即降落', en: 'Motor 3 stalled: land now' },
    ],
    ['on the ground, the base text', alarm('0x16080020', '0-89-0', false, { component_index: 2 }), { zh: '3 号电机堵转', en: 'Motor 3 stalled' }],
    [
      'in the sky without a sky variant: the base key (M4TD 0x1B030019)',
      alarm('0x1B030019', '0-99-0', true),
      { zh: '飞行器偏离航线（0x1B030019）', en: 'Aircraft left the wayline (0x1B030019)' },
    ],
    ['the same code from a dock reads the dock text', alarm('0x1B030019', '3-3-0'), { zh: '同一代码的机场文字', en: 'Dock text of the same code' }],
    ['a dock cover', alarm('0x19113D0D', '3-2-0', false, { sensor_index: 1 }), { zh: '右舱盖无法关闭', en: 'The right dock cover does not close' }],
    ['an entry without en reads zh in both', alarm('0x19110A10', '3-2-0', false, { sensor_index: 2 }), { zh: '左充电杆异常', en: 'left充电杆异常' }],
    [
      'an entry without zh reads en in both',
      alarm('0x1A420BC0', '0-89-0', false, { sensor_index: 1 }),
      { zh: 'Vision sensor 2 blocked, %d items', en: 'Vision sensor 2 blocked, %d items' },
    ],
    [
      'a non-standard suffix is not a sky variant',
      alarm('0x1A420BC0', '0-89-0', true),
      { zh: 'Vision sensor 1 blocked, %d items', en: 'Vision sensor 1 blocked, %d items' },
    ],
    ['an unknown code reads by its code', alarm('0x12345678', '0-89-0'), { zh: '未知健康告警 0x12345678', en: 'Unknown HMS alarm 0x12345678' }],
    [
      'a dock alarm whose code only has an fpv text is unknown',
      alarm('0x16100083', '3-2-0'),
      { zh: '未知健康告警 0x16100083', en: 'Unknown HMS alarm 0x16100083' },
    ],
  ])('%s', (_name, input, expected) => expect(alarmTexts(small, input)).toEqual(expected));
});

describe('pickLanguage: ?lang=, then Accept-Language, then zh-cn', () => {
  it.each<[string, unknown, string | undefined, 'zh' | 'en']>([
    ['nothing given', undefined, undefined, 'zh'],
    ['?lang=en', 'en', 'zh-CN', 'en'],
    ['?lang=zh-cn over an English browser', 'zh-cn', 'en-US,en;q=0.9', 'zh'],
    ['?lang=ZH-CN in capitals', 'ZH-CN', undefined, 'zh'],
    ['an unknown ?lang falls to Accept-Language', 'fr', 'en', 'en'],
    ['an English browser', undefined, 'en-US,en;q=0.9', 'en'],
    ['a Chinese browser', undefined, 'zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['by q, not by order', undefined, 'en;q=0.5,zh-TW;q=0.8', 'zh'],
    ['languages we do not write are skipped', undefined, 'fr-FR,de;q=0.9,en;q=0.1', 'en'],
    ['q=0 means not wanted', undefined, 'en;q=0,fr', 'zh'],
    ['only other languages', undefined, 'fr-FR,de', 'zh'],
    ['a wildcard', undefined, '*', 'zh'],
  ])('%s', (_name, lang, accept, expected) => expect(pickLanguage(lang, accept)).toBe(expected));
});
