import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Kysely, Selectable } from 'kysely';
import type { ErrorReason } from '@shared/errorCodes';
import type { UploadMetadata } from '@shared/dji/media';
import type { MediaLens } from '@shared/entities/media';
import type { Database, MediaTable } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/time';
import { parseJson } from '../db/json';
import { uploadTooLarge } from '../api/uploads';
import { HttpError } from '../http/envelope';
import type { DataScopeRule } from '../rbac/dataScope';
import { lensOf, nameMismatch, NO_METADATA, readFileMetadata, sniffMedia, withCallbackMetadata, type MediaMetadata, type SniffedType } from './metadata';
import type { ObjectStore } from './objectStore';
import { projectPrefix } from './keys';
import type { ThumbnailQueue } from './thumbnails';

export type MediaRow = Selectable<MediaTable>;

/** A file the library does not take, with its stable reason (HTTP 400/404/413, DJI result non-zero). */
export class MediaRefusal extends HttpError {}

const refuse = (status: number, message: string, reason: ErrorReason) => new MediaRefusal(status, message, [{ field: 'file', message, ...reason }], reason);
export const refusals = {
  notMedia: () => refuse(400, 'The file is not a photo or video (JPEG, PNG, TIFF/DNG, MP4, MOV)', { code: 'media.not_media' }),
  typeMismatch: (detail: string) => refuse(400, `The file lies about its type: ${detail}`, { code: 'media.type_mismatch', params: { detail } }),
  objectMissing: (key: string) => refuse(404, `No object ${key} in the store`, { code: 'media.object_missing', params: { key } }),
  outsideWorkspace: (key: string) => refuse(400, `Object ${key} is outside the workspace's prefix`, { code: 'media.outside_workspace', params: { key } }),
};

/** Where a file came from and what its uploader said about it (the callback's fields, or the form's). */
export interface IngestSource {
  projectId: number;
  source: 'dock' | 'pilot' | 'upload' | 'live';
  name: string;
  createdBy?: number | null;
  deviceSn?: string | null;
  gatewaySn?: string | null;
  flightId?: string | null;
  droneModelKey?: string | null;
  payloadModelKey?: string | null;
  tinyFingerprint?: string | null;
  callback?: UploadMetadata;
}

export interface IngestResult {
  row: MediaRow;
  /** True when the same bytes were already in the project: nothing new was stored. */
  duplicate: boolean;
}

/** Whether a user's data scope reaches a project (its department, or being one of its members). */
export function projectInScope(rule: DataScopeRule, project: { dept_id: number | null; members: string }): boolean {
  if (rule.scope === 'all') return true;
  if (rule.scope === 'dept' && project.dept_id !== null && rule.deptIds.includes(project.dept_id)) return true;
  return parseJson<number[]>(project.members, []).includes(rule.userId);
}

/**
 * The media library's ingest (docs/media.md): every source (dock callback, Pilot 2 callback, console upload) ends
 * here. A row is written only once its object is in the store, never the other way round; a refused file's object
 * is removed; the same bytes in the same project are stored once. Thumbnails follow, off the request path.
 */
export class MediaService {
  constructor(
    readonly db: Kysely<Database>,
    readonly store: ObjectStore,
    readonly thumbnails: ThumbnailQueue,
    readonly maxBytes: number,
  ) {}

  /** A file the console uploaded: checked before anything is stored, then stored and recorded. */
  async ingestUpload(data: Buffer, source: IngestSource): Promise<IngestResult> {
    if (data.length > this.maxBytes) throw uploadTooLarge('file', this.maxBytes);
    const sniffed = this.check(data, source.name);
    const fingerprint = md5(data);
    const existing = await this.byFingerprint(source.projectId, fingerprint);
    if (existing) return { row: existing, duplicate: true };
    const key = `${projectPrefix(source.projectId)}${randomUUID()}.${sniffed.exts[0]}`;
    await this.store.put(key, data, sniffed.mime, data.length);
    return this.record(key, data.length, await readFileMetadata(data, sniffed.type), sniffed, fingerprint, source, {}, data);
  }

  /**
   * A live stream recorded while a task flew (server/livestream/recording.ts): the MP4 file at `file` is streamed to
   * the store (a recording may be larger than an upload may be), its start and length come from the recorder.
   */
  async ingestRecording(file: string, source: IngestSource & { takenAt: string; durationMs: number; lens: MediaLens | null }): Promise<IngestResult> {
    const head = Buffer.alloc(64);
    const handle = await fs.open(file);
    const { size } = await handle.stat();
    await handle.read(head, 0, 64, 0).finally(() => handle.close());
    const sniffed = this.check(head, source.name);
    const fingerprint = createHash('md5');
    for await (const chunk of createReadStream(file)) fingerprint.update(chunk as Buffer);
    const key = `${projectPrefix(source.projectId)}${randomUUID()}.${sniffed.exts[0]}`;
    await this.store.put(key, createReadStream(file), sniffed.mime, size);
    const metadata = { metadata: { ...NO_METADATA, taken_at: source.takenAt }, error: null };
    return this.record(key, size, metadata, sniffed, fingerprint.digest('hex'), source, { duration_ms: Math.round(source.durationMs), lens: source.lens });
  }

  /**
   * Links the media of a flight record written after them (a task's recording ends before its landing is detected):
   * those of its task, else of its aircraft taken between take-off and landing, that know no record yet.
   */
  async linkFlightRecord(recordId: number): Promise<number> {
    const record = await this.db
      .selectFrom('flight_reports')
      .select(['task_id', 'device_id', 'takeoff_at', 'landing_at'])
      .where('id', '=', recordId)
      .executeTakeFirst();
    if (!record) return 0;
    let update = this.db.updateTable('media').set({ flight_record_id: recordId, updated_at: nowIso() }).where('flight_record_id', 'is', null);
    if (record.task_id !== null) update = update.where('task_id', '=', record.task_id);
    else if (record.device_id !== null)
      update = update.where('device_id', '=', record.device_id).where('taken_at', '>=', record.takeoff_at).where('taken_at', '<=', record.landing_at);
    else return 0;
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A file a device put in the store itself (dock or Pilot 2), announced by its upload callback. */
  async ingestStored(key: string, source: IngestSource): Promise<IngestResult> {
    const already = await this.db.selectFrom('media').selectAll().where('object_key', '=', key).executeTakeFirst();
    if (already) return { row: already, duplicate: true };
    const object = await this.store.read(key, this.maxBytes);
    if (object.kind === 'missing') throw refusals.objectMissing(key);
    if (object.kind === 'too_large') {
      await this.store.delete(key);
      throw uploadTooLarge('file', this.maxBytes);
    }
    const { data } = object;
    let sniffed: SniffedType;
    try {
      sniffed = this.check(data, source.name);
    } catch (error) {
      await this.store.delete(key);
      throw error;
    }
    const fingerprint = md5(data);
    const existing = await this.byFingerprint(source.projectId, fingerprint);
    if (existing) {
      // The same callback twice at once (a device asking again): the row the other one wrote is of this very object.
      if (existing.object_key !== key) await this.store.delete(key);
      return { row: existing, duplicate: true };
    }
    return this.record(key, data.length, await readFileMetadata(data, sniffed.type), sniffed, fingerprint, source, {}, data);
  }

  /** Removes a row and then its objects (an object without a row is what the sweep removes, should this stop halfway). */
  async remove(row: MediaRow): Promise<void> {
    await this.db.deleteFrom('media').where('id', '=', row.id).execute();
    await this.store.delete(row.object_key);
    if (row.thumb_key) await this.store.delete(row.thumb_key);
  }

  private check(data: Buffer, name: string): SniffedType {
    const sniffed = sniffMedia(data.subarray(0, 64));
    if (!sniffed) throw refusals.notMedia();
    const mismatch = nameMismatch(name, sniffed);
    if (mismatch) throw refusals.typeMismatch(mismatch);
    return sniffed;
  }

  private byFingerprint(projectId: number, fingerprint: string) {
    return this.db.selectFrom('media').selectAll().where('project_id', '=', projectId).where('fingerprint', '=', fingerprint).executeTakeFirst();
  }

  private async record(
    key: string,
    size: number,
    file: { metadata: MediaMetadata; error: string | null },
    sniffed: SniffedType,
    fingerprint: string,
    source: IngestSource,
    known: { duration_ms?: number; lens?: MediaLens | null } = {},
    /** The file's bytes when the ingest holds them: the thumbnail is made from them. */
    data?: Buffer,
  ): Promise<IngestResult> {
    const metadata = withCallbackMetadata(file.metadata, source.callback);
    const link = await this.links(source, metadata.taken_at);
    const now = nowIso();
    const row = {
      project_id: source.projectId,
      dept_id: link.deptId,
      created_by: source.createdBy ?? null,
      device_id: link.deviceId,
      task_id: link.taskId,
      flight_record_id: link.flightRecordId,
      device_sn: source.deviceSn ?? null,
      gateway_sn: source.gatewaySn ?? null,
      flight_id: source.flightId ?? null,
      source: source.source,
      name: source.name.slice(0, 255),
      type: sniffed.type,
      mime: sniffed.mime,
      size,
      object_key: key,
      fingerprint,
      tiny_fingerprint: source.tinyFingerprint ?? null,
      taken_at: metadata.taken_at,
      lat: metadata.lat,
      lng: metadata.lng,
      absolute_alt: metadata.absolute_alt,
      relative_alt: metadata.relative_alt,
      gimbal_yaw: metadata.gimbal_yaw,
      gimbal_pitch: metadata.gimbal_pitch,
      gimbal_roll: metadata.gimbal_roll,
      flight_yaw: metadata.flight_yaw,
      drone_model: source.droneModelKey ?? null,
      payload_model: source.payloadModelKey ?? metadata.camera_model,
      lens: known.lens !== undefined ? known.lens : lensOf(source.name, metadata.camera_model),
      width: metadata.width,
      height: metadata.height,
      duration_ms: known.duration_ms ?? null,
      metadata_error: file.error,
      thumb_key: null,
      created_at: now,
      updated_at: now,
    };
    try {
      const inserted = await this.db.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
      this.thumbnails.enqueue(inserted.id, data);
      return { row: inserted, duplicate: false };
    } catch (error) {
      // The same bytes arrived twice at once: the other one won; this object goes.
      const winner = isUniqueViolation(error) ? await this.byFingerprint(source.projectId, fingerprint) : undefined;
      if (winner?.object_key !== key) await this.store.delete(key);
      if (winner) return { row: winner, duplicate: true };
      throw error;
    }
  }

  /**
   * The device (by serial), task (by DJI flight_id, else the device's task running at the time), flight record (of
   * that task, else the device's flight holding the time) and department (the project's, else the device's).
   */
  private async links(source: IngestSource, takenAt: string | null) {
    const device = source.deviceSn
      ? await this.db.selectFrom('devices').select(['id', 'dept_id']).where('serial', '=', source.deviceSn).executeTakeFirst()
      : undefined;
    let task = source.flightId
      ? await this.db.selectFrom('tasks').select(['id', 'project_id']).where('flight_id', '=', source.flightId).executeTakeFirst()
      : undefined;
    if (task && task.project_id !== source.projectId) task = undefined;
    if (!task && device && takenAt)
      task = await this.db
        .selectFrom('tasks')
        .select(['id', 'project_id'])
        .where('device_id', '=', device.id)
        .where('project_id', '=', source.projectId)
        .where('started_at', '<=', takenAt)
        .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>=', takenAt)]))
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
    let record = task
      ? await this.db.selectFrom('flight_reports').select('id').where('task_id', '=', task.id).orderBy('takeoff_at', 'desc').executeTakeFirst()
      : undefined;
    if (!record && device && takenAt)
      record = await this.db
        .selectFrom('flight_reports')
        .select('id')
        .where('device_id', '=', device.id)
        .where('takeoff_at', '<=', takenAt)
        .where('landing_at', '>=', takenAt)
        .executeTakeFirst();
    const project = await this.db.selectFrom('projects').select('dept_id').where('id', '=', source.projectId).executeTakeFirst();
    return { deviceId: device?.id ?? null, taskId: task?.id ?? null, flightRecordId: record?.id ?? null, deptId: project?.dept_id ?? device?.dept_id ?? null };
  }
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
