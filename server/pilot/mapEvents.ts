import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Geometry } from '@shared/geo';
import { TOPIC_MAP, type MapSignal } from '@shared/live';
import { parseJson } from '../db/json';
import type { Database, FeaturesTable } from '../db/schema';
import { elementOf, GROUP_KINDS, groupId, groupOfCategory, type StoredFeature } from './elements';
import type { PilotHub } from './hub';

export type FeatureChange = 'create' | 'update' | 'delete';

/** A features row with its JSON columns parsed. */
export const storedFeature = (row: Selectable<FeaturesTable>): StoredFeature => ({
  ...row,
  geometry: parseJson<Geometry>(row.geometry, { type: 'Point', coordinates: [0, 0] }),
  style: parseJson<Record<string, unknown>>(row.style, {}),
  properties: parseJson<Record<string, unknown>>(row.properties, {}),
});

/** Who drew each feature, by the creator's display name; features without a known creator are the platform's. */
export async function drawnBy(
  db: Kysely<Database>,
  rows: readonly Pick<FeaturesTable, 'created_by'>[],
  platformName: string,
): Promise<Map<number | null, string>> {
  const ids = [...new Set(rows.map((row) => row.created_by).filter((id): id is number => id !== null))];
  const users = ids.length ? await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute() : [];
  return new Map<number | null, string>([[null, platformName], ...users.map((user) => [user.id, user.display_name] as [number, string])]);
}

/** The broker the console hears on (absent: the live channel is off). */
export interface MapSignalBus {
  publish(topic: string, payload: string, options: { retain: boolean; qos: 0 | 1 }): Promise<void>;
}

/**
 * Tells the Pilot 2 connections of a workspace about every change to its features, whoever made it (console, API or
 * another Pilot): map_element_create|update|delete with the element as GET element-groups shows it, map_group_refresh
 * after a bulk import. Changes are announced one after the other in the order they were committed. The console hears
 * of them on sysinfo/map (which project; it re-reads the features through the API, in its own data scope), so an
 * element a pilot draws or deletes shows on /Map at once.
 */
export class MapEvents {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly hub: PilotHub,
    private readonly db: Kysely<Database>,
    private readonly platformName: string,
    private readonly log: FastifyBaseLogger,
    private readonly bus: () => MapSignalBus | undefined = () => undefined,
  ) {}

  /** A feature was created, updated or deleted (`row` as saved, or as it was before the delete). */
  featureChanged(change: FeatureChange, row: Selectable<FeaturesTable>): Promise<void> {
    const names = change === 'delete' ? Promise.resolve(null) : drawnBy(this.db, [row], this.platformName);
    return this.enqueue(async () => {
      const byName = await names;
      const element = elementOf(storedFeature(row), byName?.get(row.created_by) ?? this.platformName);
      const kind = groupOfCategory(row.category);
      this.signal(row.project_id, change);
      this.hub.publishToWorkspace(row.project_id, { permission: 'map:read' }, `map_element_${change}`, (workspace) =>
        change === 'delete'
          ? { id: element.id, group_id: groupId(workspace, kind) }
          : { id: element.id, group_id: groupId(workspace, kind), name: element.name, resource: element.resource },
      );
    });
  }

  /** Many features changed at once (an import): the workspaces re-fetch their groups (null: every workspace). */
  groupsChanged(projectIds: readonly (number | null)[]): Promise<void> {
    return this.enqueue(async () => {
      const all = projectIds.includes(null);
      const ids = all ? [null] : [...new Set(projectIds)];
      for (const projectId of ids) {
        this.signal(projectId, 'refresh');
        this.hub.publishToWorkspace(projectId, { permission: 'map:read' }, 'map_group_refresh', (workspace) => ({
          ids: GROUP_KINDS.map((kind) => groupId(workspace, kind)),
        }));
      }
    });
  }

  /** sysinfo/map for the console (not awaited: a broker problem never holds the Pilot 2 announcements). */
  private signal(projectId: number | null, change: MapSignal['change']): void {
    const signal: MapSignal = { project_id: projectId, change, at: Date.now() };
    this.bus()
      ?.publish(TOPIC_MAP, JSON.stringify(signal), { retain: false, qos: 1 })
      .catch((error: unknown) => this.log.warn({ err: error }, 'mqtt: sysinfo/map publish failed'));
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((error: unknown) => this.log.warn({ err: error }, 'pilot ws: map announcement failed'));
    return this.queue;
  }
}
