import type { DeviceStatus } from '@shared/live';
import { nowIso } from '../../db/time';
import { DAY, DEMO_CENTER, DEMO_COUNTS, ids, pick, type DemoContext } from './context';

/** The order seeded devices take their stored status in (any value outside the shared DeviceStatus set fails to compile). */
export const SEED_STATUS_CYCLE: readonly DeviceStatus[] = ['online', 'offline', 'flying', 'maintenance'];

const MODELS = {
  aircraft: ['Matrice 350 RTK', 'Matrice 30T', 'Mavic 3 Enterprise', 'Matrice 3TD'],
  dock: ['DJI Dock 2', 'DJI Dock 3'],
  remote_controller: ['DJI RC Plus', 'DJI RC Pro Enterprise'],
};

/** 20 aircraft, 5 docks and 5 remote controllers around the city, spread over the departments; resolves with the aircraft's ids. */
export async function seedDevices({ db, rand, now, stamp }: DemoContext, deptIds: number[]): Promise<number[]> {
  const rows = Array.from({ length: DEMO_COUNTS.devices }, (_, i) => {
    const kind = i < 20 ? 'aircraft' : i < 25 ? 'dock' : 'remote_controller';
    const status = SEED_STATUS_CYCLE[i % SEED_STATUS_CYCLE.length];
    return {
      serial: `1581F5FHD${(0x23a00 + i * 37).toString(16).toUpperCase().padStart(6, '0')}`,
      name: `${kind === 'aircraft' ? '无人机' : kind === 'dock' ? '机场' : '遥控器'}-${String(i + 1).padStart(2, '0')}`,
      model: pick(rand, MODELS[kind]),
      kind,
      firmware: `v${1 + Math.floor(rand() * 3)}.${Math.floor(rand() * 10)}.${Math.floor(rand() * 100)}`,
      dept_id: deptIds[i % 3],
      status,
      photo: null,
      last_seen_at: nowIso(now - Math.floor(rand() * 3 * DAY)),
      last_lat: DEMO_CENTER.lat + (rand() - 0.5) * 0.2,
      last_lng: DEMO_CENTER.lng + (rand() - 0.5) * 0.3,
      last_alt: status === 'flying' ? 80 + Math.floor(rand() * 100) : 0,
      battery: Math.floor(20 + rand() * 80),
      ...stamp,
    };
  });
  const deviceIds = await ids(db.insertInto('devices').values(rows).returning('id').execute());
  return deviceIds.slice(0, 20);
}
