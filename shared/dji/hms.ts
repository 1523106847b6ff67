/**
 * HMS (health management) codes and our own text table. DJI publishes its whole table as `hms.json` (spec §10): one
 * key per alarm, `dock_tip_0x…` for dock alarms and `fpv_tip_0x…` (plus `_in_the_sky` for the text shown while the
 * aircraft flies) for the rest, each with its texts by language. The server reads that file (server/hms/); the table
 * below is in the same format and is what it falls back to when it has no copy of DJI's. Meanings follow DJI's list;
 * the wording is ours.
 */
export type HmsTexts = Readonly<Record<string, string>>;
export type HmsTableJson = Readonly<Record<string, HmsTexts>>;

export const OWN_HMS_TABLE: HmsTableJson = {
  // Aircraft
  fpv_tip_0x16100001: { en: 'Compass error: take-off blocked, restart the aircraft', zh: '指南针异常，无法起飞，请重启飞行器' },
  fpv_tip_0x1610000E: { en: 'Battery voltage critically low: take-off blocked, charge the battery', zh: '电池电压严重过低，无法起飞，请充电' },
  fpv_tip_0x1610000E_in_the_sky: { en: 'Battery voltage critically low: return home or land now', zh: '电池电压严重过低，请尽快返航或降落' },
  fpv_tip_0x16100083: { en: 'Battery not seated correctly: take-off blocked, lock both batteries in place', zh: '电池未安装到位，无法起飞，请锁紧电池' },
  fpv_tip_0x16070020: { en: 'The aircraft receives no RTK data', zh: '飞行器未收到 RTK 数据' },
  fpv_tip_0x16080020: { en: 'Motor %component_index stalled: land immediately', zh: '%component_index 号电机堵转，请立即降落' },
  fpv_tip_0x16020622: { en: 'Return home interrupted: strong wind or a restricted zone ahead', zh: '返航中断：风速过大或前方有限飞区' },
  fpv_tip_0x1A420BC0: { en: 'Too dark below: downward obstacle sensing unavailable, fly with care', zh: '下方光线过暗，下视避障失效，请谨慎飞行' },
  fpv_tip_0x1B030017: { en: 'Battery may not last the return: prepare to land early', zh: '电量可能不足以返航，请提前准备降落' },
  fpv_tip_0x1B030019: { en: 'Aircraft off the wayline: safe return home no longer applies', zh: '飞行器偏离航线，航线安全返航失效' },
  fpv_tip_0x20020200: { en: 'High wind: fly with care', zh: '风速过大，请谨慎飞行' },
  // Dock
  dock_tip_0x12040000: { en: 'Dock RTK module disconnected', zh: '机场 RTK 模块断开' },
  dock_tip_0x12040001: { en: 'The dock was moved', zh: '机场位置发生移动' },
  dock_tip_0x12040002: { en: 'Dock RTK error', zh: '机场 RTK 异常' },
  dock_tip_0x160900BF: { en: 'Wind too strong for a task (9 m/s or more)', zh: '风速过大（≥9 m/s），无法执行任务' },
  dock_tip_0x17000001: { en: 'No video link signal', zh: '无图传信号' },
  dock_tip_0x17000004: { en: 'Video link signal weak', zh: '图传信号弱' },
  dock_tip_0x17000005: { en: 'Strong radio interference at the dock: fly with care', zh: '机场所在位置信号干扰强，请谨慎飞行' },
  dock_tip_0x19113809: { en: 'Dock power module too hot', zh: '机场电源模块温度过高' },
  dock_tip_0x19113D0D: { en: 'The %dock_cover_index dock cover is damaged or does not close fully', zh: '%dock_cover_index舱盖破损或无法完全关闭' },
  dock_tip_0x19114800: { en: 'Heavy rain: tasks blocked', zh: '雨量过大，无法执行任务' },
};

/** Codes are written `0x` + 8 hex digits; DJI devices send them in either case. */
export const HMS_CODE_PATTERN = /^0x[0-9A-Fa-f]{8}$/;

export const normaliseHmsCode = (code: string) => `0x${code.slice(2).toUpperCase()}`;

/** The DJI device domain of dock alarms (an HMS item's `device_type` is "domain-type-subtype"). */
export const DOCK_DOMAIN = 3;

/** The codes of a table's keys of one kind (`dock` or `fpv`), once each, e.g. for a simulator that picks known codes. */
export const hmsCodesOf = (table: HmsTableJson, kind: 'dock' | 'fpv'): string[] => [
  ...new Set(
    Object.keys(table)
      .map((key) => new RegExp(`^${kind}_tip_(0x[0-9A-Fa-f]{8})`).exec(key)?.[1])
      .filter((code): code is string => code !== undefined),
  ),
];
