/**
 * HMS (health management) texts by code, in the console's languages. Codes and meanings follow DJI's HMS list; the
 * wording here is ours. `inTheSky` is the text DJI shows while the aircraft flies, when it differs. `%index` and
 * `%component_index` are filled from the event's args. Codes not in the table are shown by code (hmsText).
 */
export interface HmsText {
  en: string;
  zh: string;
}
export interface HmsEntry extends HmsText {
  inTheSky?: HmsText;
}

export const HMS_CODES: Readonly<Record<string, HmsEntry>> = {
  // Aircraft
  '0x16100001': { en: 'Compass error: take-off blocked, restart the aircraft', zh: '指南针异常，无法起飞，请重启飞行器' },
  '0x1610000E': {
    en: 'Battery voltage critically low: take-off blocked, charge the battery',
    zh: '电池电压严重过低，无法起飞，请充电',
    inTheSky: { en: 'Battery voltage critically low: return home or land now', zh: '电池电压严重过低，请尽快返航或降落' },
  },
  '0x16100083': { en: 'Battery not seated correctly: take-off blocked, lock both batteries in place', zh: '电池未安装到位，无法起飞，请锁紧电池' },
  '0x16070020': { en: 'The aircraft receives no RTK data', zh: '飞行器未收到 RTK 数据' },
  '0x16080020': { en: 'Motor %index stalled: land immediately', zh: '%index 号电机堵转，请立即降落' },
  '0x16020622': { en: 'Return home interrupted: strong wind or a restricted zone ahead', zh: '返航中断：风速过大或前方有限飞区' },
  '0x1A420BC0': { en: 'Too dark below: downward obstacle sensing unavailable, fly with care', zh: '下方光线过暗，下视避障失效，请谨慎飞行' },
  '0x1B030017': { en: 'Battery may not last the return: prepare to land early', zh: '电量可能不足以返航，请提前准备降落' },
  '0x1B030019': { en: 'Aircraft off the wayline: safe return home no longer applies', zh: '飞行器偏离航线，航线安全返航失效' },
  '0x20020200': { en: 'High wind: fly with care', zh: '风速过大，请谨慎飞行' },
  // Dock
  '0x12040000': { en: 'Dock RTK module disconnected', zh: '机场 RTK 模块断开' },
  '0x12040001': { en: 'The dock was moved', zh: '机场位置发生移动' },
  '0x12040002': { en: 'Dock RTK error', zh: '机场 RTK 异常' },
  '0x160900BF': { en: 'Wind too strong for a task (9 m/s or more)', zh: '风速过大（≥9 m/s），无法执行任务' },
  '0x17000001': { en: 'No video link signal', zh: '无图传信号' },
  '0x17000004': { en: 'Video link signal weak', zh: '图传信号弱' },
  '0x17000005': { en: 'Strong radio interference at the dock: fly with care', zh: '机场所在位置信号干扰强，请谨慎飞行' },
  '0x19113809': { en: 'Dock power module too hot', zh: '机场电源模块温度过高' },
  '0x19113D0D': { en: 'Dock cover damaged or not closing fully', zh: '舱盖破损或无法完全关闭' },
  '0x19114800': { en: 'Heavy rain: tasks blocked', zh: '雨量过大，无法执行任务' },
};

/** Codes are written `0x` + 8 hex digits; DJI devices send them in either case. */
export const HMS_CODE_PATTERN = /^0x[0-9A-Fa-f]{8}$/;

export const normaliseHmsCode = (code: string) => `0x${code.slice(2).toUpperCase()}`;

export interface HmsArgs {
  component_index?: number;
  sensor_index?: number;
}

/** The text of a code in `lang`, with its placeholders filled; unknown codes read "HMS <code>". */
export function hmsText(code: string, options: { lang: 'en' | 'zh'; inTheSky?: boolean; args?: HmsArgs }): string {
  const entry = HMS_CODES[HMS_CODE_PATTERN.test(code) ? normaliseHmsCode(code) : code];
  if (!entry) return `HMS ${code}`;
  const text = (options.inTheSky && entry.inTheSky ? entry.inTheSky : entry)[options.lang];
  // DJI counts components from 0, people from 1.
  const index = String((options.args?.component_index ?? options.args?.sensor_index ?? 0) + 1);
  return text.replace(/%component_index|%index/g, index);
}
