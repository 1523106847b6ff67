import type { Kysely } from 'kysely';
import {
  fileUploadCallbackSchema,
  highestPriorityUploadSchema,
  METHOD_FILE_UPLOAD_CALLBACK,
  METHOD_HIGHEST_PRIORITY_UPLOAD,
  METHOD_STORAGE_CONFIG_GET,
  METHOD_UPLOAD_PRIORITIZE,
  storageConfigGetSchema,
} from '@shared/dji/media';
import type { Database } from '../db/schema';
import { route, type Capability } from '../mqtt/gateway/registry';
import { projectOfKey, projectPrefix } from './keys';
import { refusals, type MediaService } from './service';

/**
 * How many docks' upload callbacks are read, checked and recorded at once, off the device link's serial queue: each
 * holds its file in memory while it runs (up to MEDIA_MAX_MB), and most of its time waits on the object store and the
 * database, so a few at once keep a 2-core server busy without a flood of callbacks exhausting memory or connections.
 */
const CALLBACKS_AT_ONCE = 4;

/** The project a dock works for now: that of the newest task dispatched through it. */
async function projectOfGateway(db: Kysely<Database>, gatewaySn: string): Promise<number | null> {
  const task = await db.selectFrom('tasks').select('project_id').where('gateway_sn', '=', gatewaySn).orderBy('id', 'desc').executeTakeFirst();
  return task?.project_id ?? null;
}

/**
 * Docks' media upload (dji-cloud-api-next.md §2): `storage_config_get` answered with upload credentials for the
 * prefix of the project the dock works for; `file_upload_callback` makes the media row (the project is the task's
 * of the callback's flight_id, else the dock's current one, and the object must lie under that project's prefix);
 * `highest_priority_upload_flighttask_media` is acknowledged and logged. Callbacks run off the link's serial queue
 * (CALLBACKS_AT_ONCE at a time): a slow store or a large file holds no other device's messages.
 */
export function dockMediaCapability(db: Kysely<Database>, media: MediaService, log: { info(obj: unknown, msg?: string): void }): Capability {
  const storageConfig = route(storageConfigGetSchema, async (gatewaySn) => {
    const projectId = await projectOfGateway(db, gatewaySn);
    if (projectId === null) throw new Error(`dock ${gatewaySn} has no task, so no workspace to upload to`);
    return { ...(await media.store.deviceCredentials(projectPrefix(projectId))) };
  });

  const uploadCallback = route(
    fileUploadCallbackSchema,
    async (gatewaySn, data) => {
      const { file } = data;
      const flightId = file.ext?.flight_id;
      const task = flightId
        ? await db
            .selectFrom('tasks')
            .leftJoin('devices', 'devices.id', 'tasks.device_id')
            .select(['tasks.project_id', 'devices.serial'])
            .where('tasks.flight_id', '=', flightId)
            .where('tasks.gateway_sn', '=', gatewaySn)
            .executeTakeFirst()
        : undefined;
      const projectId = task?.project_id ?? (await projectOfGateway(db, gatewaySn));
      if (projectId === null || projectOfKey(file.object_key) !== projectId) throw refusals.outsideWorkspace(file.object_key);
      const aircraft =
        task?.serial ??
        (await db.selectFrom('devices').select('serial').where('gateway_sn', '=', gatewaySn).where('kind', '=', 'aircraft').executeTakeFirst())?.serial;
      const { row, duplicate } = await media.ingestStored(file.object_key, {
        projectId,
        source: 'dock',
        name: file.name,
        deviceSn: aircraft ?? null,
        gatewaySn,
        flightId: flightId ?? null,
        droneModelKey: file.ext?.drone_model_key ?? null,
        payloadModelKey: file.ext?.payload_model_key ?? null,
        callback: file.metadata,
      });
      log.info({ gatewaySn, mediaId: row.id, duplicate, flightTask: data.flight_task }, 'media: dock upload recorded');
    },
    { offQueue: { limit: CALLBACKS_AT_ONCE } },
  );

  const highestPriority = route(highestPriorityUploadSchema, (gatewaySn, data) => {
    log.info({ gatewaySn, flightId: data.flight_id }, 'media: dock uploads this flight first');
  });
  return {
    name: 'media',
    requests: { [METHOD_STORAGE_CONFIG_GET]: storageConfig },
    events: { [METHOD_FILE_UPLOAD_CALLBACK]: uploadCallback, [METHOD_HIGHEST_PRIORITY_UPLOAD]: highestPriority },
    services: [METHOD_UPLOAD_PRIORITIZE],
  };
}
