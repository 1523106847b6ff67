import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  applyLogProgress,
  fileuploadListReplySchema,
  fileuploadProgressSchema,
  LOG_MODULE,
  METHOD_FILEUPLOAD_LIST,
  METHOD_FILEUPLOAD_PROGRESS,
  METHOD_FILEUPLOAD_START,
  METHOD_FILEUPLOAD_UPDATE,
  TERMINAL_LOG_STATUSES,
  type FileuploadProgress,
  type LogFileList,
  type LogUploadFile,
  type LogUploadInput,
  type LogUploadStatus,
} from '@shared/dji/deviceLogs';
import { parseJson } from '../../db/json';
import type { Database, DeviceLogUploadsTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { ObjectStore } from '../../media/objectStore';
import { ServiceError } from '../../mqtt/gateway/service';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';
import type { DeviceExchange } from '../exchange';

export type LogUploadRow = Selectable<DeviceLogUploadsTable>;

/** Where a dock's log archives land: outside the media prefixes, so no media upload key reaches them. */
export const logPrefix = (deviceId: number, uploadId: string) => `device-logs/${deviceId}/${uploadId}/`;

/** How long before the store's own expiry the dock is told its credentials end (DJI's demo: 60 s). */
const EXPIRY_MARGIN_MS = 60_000;

export interface DeviceLogsOptions {
  db: Kysely<Database>;
  replyTimeoutMs: number;
  now?: () => number;
}

/** The serials a dock's log modules belong to. */
export interface DockDevices {
  dockSn: string;
  aircraftSn: string | null;
}

/**
 * Dock logs (spec dji-cloud-api-next §8): lists a dock's log boots (`fileupload_list`), starts an upload of some of
 * them to the object store with credentials for one prefix (`fileupload_start`), follows `fileupload_progress` into
 * the upload's row and cancels it (`fileupload_update` status cancel). One upload runs per dock at a time.
 */
export class DeviceLogs {
  constructor(
    private readonly link: RemoteLink,
    private readonly exchange: DeviceExchange,
    private readonly options: DeviceLogsOptions,
  ) {
    link.register({
      name: 'remote.logs',
      events: { [METHOD_FILEUPLOAD_PROGRESS]: route(fileuploadProgressSchema, (gatewaySn, data) => this.onProgress(gatewaySn, data)) },
      services: [METHOD_FILEUPLOAD_LIST, METHOD_FILEUPLOAD_START, METHOD_FILEUPLOAD_UPDATE],
    });
  }

  /** The boots each device of the dock keeps logs of; a non-zero result rejects with DJI's code. */
  async list(gatewaySn: string): Promise<LogFileList[]> {
    const data = await this.exchange.send(
      gatewaySn,
      'services',
      METHOD_FILEUPLOAD_LIST,
      { module_list: Object.values(LOG_MODULE) },
      this.options.replyTimeoutMs,
    );
    const reply = fileuploadListReplySchema.safeParse(data);
    if (!reply.success) throw new Error(`${METHOD_FILEUPLOAD_LIST}: an unreadable reply`);
    if (reply.data.result !== 0) throw new ServiceError(`${METHOD_FILEUPLOAD_LIST} failed with result ${reply.data.result}`, reply.data.result);
    return reply.data.files;
  }

  /** The dock's upload still running, if any. */
  async running(deviceId: number): Promise<LogUploadRow | undefined> {
    const newest = await this.options.db
      .selectFrom('device_log_uploads')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return newest && !TERMINAL_LOG_STATUSES.has(newest.status as LogUploadStatus) ? newest : undefined;
  }

  /** fileupload_start for the boots asked; the row is kept (failed when the dock refused) and returned once the dock accepted. */
  async start(deviceId: number, devices: DockDevices, input: LogUploadInput, userId: number | null, store: ObjectStore): Promise<LogUploadRow> {
    const uploadId = randomUUID();
    const prefix = logPrefix(deviceId, uploadId);
    const files: LogUploadFile[] = input.files.map((f) => ({
      module: f.module,
      device_sn: f.module === LOG_MODULE.dock ? devices.dockSn : (devices.aircraftSn ?? devices.dockSn),
      boot_indexes: f.boot_indexes,
      object_key: `${prefix}${f.module === LOG_MODULE.dock ? 'dock' : 'aircraft'}-${randomUUID()}.tar`,
      status: 'sent',
      result: 0,
      progress: 0,
      size: null,
      fingerprint: null,
    }));
    const config = await store.deviceCredentials(prefix);
    const at = nowIso(this.now());
    const row = await this.options.db
      .insertInto('device_log_uploads')
      .values({
        device_id: deviceId,
        gateway_sn: devices.dockSn,
        status: 'sent',
        result: 0,
        files: JSON.stringify(files),
        created_by: userId,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const data = {
      bucket: config.bucket,
      region: config.region,
      // DJI's example and demo: an absolute expiry in epoch ms (storage_config_get's is relative seconds).
      credentials: { ...config.credentials, expire: this.now() + config.credentials.expire * 1000 - EXPIRY_MARGIN_MS },
      endpoint: config.endpoint,
      provider: config.provider,
      params: {
        files: files.map((f) => ({ object_key: f.object_key, module: f.module, device_sn: f.device_sn, list: f.boot_indexes.map((b) => ({ boot_index: b })) })),
      },
    };
    try {
      await this.link.sendService(devices.dockSn, METHOD_FILEUPLOAD_START, data, { timeoutMs: this.options.replyTimeoutMs });
    } catch (error) {
      const result = (error as { result?: unknown }).result;
      await this.update(row.id, { status: result === 'timeout' ? 'timeout' : 'failed', result: typeof result === 'number' ? result : row.result, files });
      throw error;
    }
    return row;
  }

  /** fileupload_update with status cancel for the running upload's modules; the row is canceled once the dock accepted. */
  async cancel(upload: LogUploadRow): Promise<void> {
    const files = parseJson<LogUploadFile[]>(upload.files, []);
    await this.link.sendService(
      upload.gateway_sn,
      METHOD_FILEUPLOAD_UPDATE,
      { status: 'cancel', module_list: files.map((f) => f.module) },
      { timeoutMs: this.options.replyTimeoutMs },
    );
    await this.update(upload.id, {
      status: 'canceled',
      result: 0,
      files: files.map((f) => (TERMINAL_LOG_STATUSES.has(f.status) ? f : { ...f, status: 'canceled' })),
    });
  }

  private async onProgress(gatewaySn: string, data: FileuploadProgress) {
    const upload = await this.options.db
      .selectFrom('device_log_uploads')
      .selectAll()
      .where('gateway_sn', '=', gatewaySn)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!upload || TERMINAL_LOG_STATUSES.has(upload.status as LogUploadStatus)) return;
    const current = { status: upload.status as LogUploadStatus, result: upload.result, files: parseJson<LogUploadFile[]>(upload.files, []) };
    await this.update(upload.id, applyLogProgress(current, data));
  }

  private async update(id: number, change: { status: LogUploadStatus; result: number; files: LogUploadFile[] }) {
    await this.options.db
      .updateTable('device_log_uploads')
      .set({ status: change.status, result: change.result, files: JSON.stringify(change.files), updated_at: nowIso(this.now()) })
      .where('id', '=', id)
      .execute();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
