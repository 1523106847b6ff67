import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';

/** What the demo seed creates; tests rely on these numbers. */
export const DEMO_COUNTS = {
  departments: 3,
  roles: 4,
  users: 6,
  devices: 30,
  projects: 4,
  routes: 8,
  tasks: 18,
  /** 16 over the last 30 days + 4 approved now over the simulator's flying area (see seedCurrentAirspace). */
  applications: 20,
  plans: 8,
  reports: 30,
  features: 10,
  notices: 5,
} as const;

/** City centre the demo is drawn around (Shenzhen). */
export const DEMO_CENTER = { lat: 22.54, lng: 114.05 };
export const DAY = 86_400_000;

/** mulberry32: a tiny seeded PRNG so every demo database has the same content. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A square polygon's coordinates, `half` degrees each way around a point. */
export function square(lat: number, lng: number, half: number): number[][][] {
  return [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ],
  ];
}

/**
 * What every part of the demo seed writes with: the transaction, the one random sequence (each part draws from it in
 * the order index.ts runs them, so every demo database has the same content) and the seeding time.
 */
export interface DemoContext {
  db: Kysely<Database>;
  rand: () => number;
  now: number;
  /** created_at / updated_at of the rows that have no history of their own (40 days ago). */
  stamp: { created_at: string; updated_at: string };
}

export function demoContext(db: Kysely<Database>, now: number): DemoContext {
  const longAgo = nowIso(now - 40 * DAY);
  return { db, rand: prng(20260101), now, stamp: { created_at: longAgo, updated_at: longAgo } };
}

/** One of `items`, drawn from the seed's random sequence. */
export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

/** The ids of inserted rows (`…returning('id').execute()`). */
export const ids = async <T extends { id: number }>(rows: Promise<T[]>): Promise<number[]> => (await rows).map((r) => r.id);
