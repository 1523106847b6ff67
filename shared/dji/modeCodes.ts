/** Aircraft and dock `mode_code` meanings (DJI Cloud API), in the console's two languages. */
export interface ModeMeaning {
  en: string;
  zh: string;
}

export const AIRCRAFT_MODES: Readonly<Record<number, ModeMeaning>> = {
  0: { en: 'Standby', zh: '待机' },
  1: { en: 'Preparing to take off', zh: '起飞准备' },
  2: { en: 'Ready to take off', zh: '起飞准备完毕' },
  3: { en: 'Manual flight', zh: '手动飞行' },
  4: { en: 'Automatic take-off', zh: '自动起飞' },
  5: { en: 'Wayline flight', zh: '航线飞行' },
  6: { en: 'Panoramic shot', zh: '全景拍照' },
  7: { en: 'Active track', zh: '智能跟随' },
  8: { en: 'ADS-B avoidance', zh: 'ADS-B 躲避' },
  9: { en: 'Returning home', zh: '自动返航' },
  10: { en: 'Automatic landing', zh: '自动降落' },
  11: { en: 'Forced landing', zh: '强制降落' },
  12: { en: 'Three-propeller landing', zh: '三桨叶降落' },
  13: { en: 'Upgrading', zh: '升级中' },
  14: { en: 'Disconnected', zh: '未连接' },
  15: { en: 'APAS', zh: 'APAS' },
  16: { en: 'Virtual joystick', zh: '虚拟摇杆' },
  17: { en: 'Live flight controls', zh: '指令飞行' },
  18: { en: 'Aerial RTK fixing', zh: '空中 RTK 收敛' },
  19: { en: 'Dock site evaluation', zh: '机场选址' },
  20: { en: 'POI', zh: 'POI 环绕' },
};

/** Aircraft modes in which it is in the air (or leaving/returning to the ground under power). */
export const AIRCRAFT_AIRBORNE_MODES: ReadonlySet<number> = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 20]);
export const AIRCRAFT_MODE_UPGRADING = 13;
export const AIRCRAFT_MODE_DISCONNECTED = 14;

export const DOCK_MODES: Readonly<Record<number, ModeMeaning>> = {
  0: { en: 'Idle', zh: '空闲' },
  1: { en: 'On-site debugging', zh: '现场调试' },
  2: { en: 'Remote debugging', zh: '远程调试' },
  3: { en: 'Upgrading', zh: '固件升级中' },
  4: { en: 'Working', zh: '作业中' },
};

/** Dock modes in which it is out of service for flying. */
export const DOCK_MAINTENANCE_MODES: ReadonlySet<number> = new Set([1, 2, 3]);

export function modeMeaning(kind: 'aircraft' | 'dock', code: number | undefined): ModeMeaning | null {
  if (code === undefined) return null;
  return (kind === 'aircraft' ? AIRCRAFT_MODES : DOCK_MODES)[code] ?? { en: `Mode ${code}`, zh: `模式 ${code}` };
}
