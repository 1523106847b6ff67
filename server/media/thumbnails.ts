import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { thumbKey } from './keys';
import type { ObjectStore } from './objectStore';
import { WorkPool } from '../workPool';

const run = promisify(execFile);
/** The longest side of a thumbnail (px). */
export const THUMB_SIZE = 320;

/** A JPEG thumbnail of a photo (EXIF orientation applied); sharp is loaded with the first one. */
export async function photoThumbnail(data: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(data, { failOn: 'none' }).rotate().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
}

/** A poster of a video: its frame at one second (the first frame of a shorter one), by Debian's ffmpeg. */
export async function videoPoster(data: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'skyline-poster-'));
  try {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'poster.jpg');
    await fs.writeFile(input, data);
    for (const at of ['1', '0']) {
      await run('ffmpeg', ['-v', 'error', '-ss', at, '-i', input, '-frames:v', '1', '-vf', `scale=${THUMB_SIZE}:-2`, '-y', output], { timeout: 60_000 });
      const poster = await fs.readFile(output).catch(() => null);
      if (poster?.length) return poster;
    }
    throw new Error('ffmpeg made no frame');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * How many bytes of files waiting for their thumbnail the queue keeps from their ingest, so the store is not read a
 * second time (on a busy server that read was most of a thumbnail's wait); past it a file is read again in its turn.
 */
const KEPT_BYTES_MAX = 64 * 1024 * 1024;

/**
 * Makes thumbnails after the rows are written, two at a time, off the request path: a row is listed at once with
 * thumb_status 'pending', then 'ready' (or 'failed', the file being kept). Rows still pending at start (a stop in
 * between) are picked up again.
 */
export class ThumbnailQueue {
  private readonly pool: WorkPool;
  private stopped = false;
  private keptBytes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    concurrency = 2,
  ) {
    this.pool = new WorkPool(concurrency, (error) => log.warn({ err: error }, 'media: thumbnail work failed'));
  }

  async resume(): Promise<void> {
    const pending = await this.db.selectFrom('media').select('id').where('thumb_status', '=', 'pending').orderBy('id').execute();
    for (const { id } of pending) this.enqueue(id);
  }

  /** Queues row `id`'s thumbnail; `data`, the file's bytes as the ingest read them, is kept while KEPT_BYTES_MAX allows. */
  enqueue(id: number, data?: Buffer): void {
    if (this.stopped) return;
    const kept = data && this.keptBytes + data.length <= KEPT_BYTES_MAX ? data : undefined;
    this.keptBytes += kept?.length ?? 0;
    this.pool.run(async () => {
      try {
        await this.make(id, kept);
      } finally {
        this.keptBytes -= kept?.length ?? 0;
      }
    });
  }

  /** Resolves once nothing is waiting or running (benchmarks, shutdown). */
  idle(): Promise<void> {
    return this.pool.idle();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pool.clear();
    await this.pool.idle();
  }

  private async make(id: number, kept: Buffer | undefined) {
    const row = await this.db.selectFrom('media').select(['id', 'project_id', 'type', 'object_key', 'thumb_status']).where('id', '=', id).executeTakeFirst();
    if (!row || row.thumb_status !== 'pending') return;
    const key = thumbKey(row.project_id, row.id);
    try {
      const data = kept ?? (await this.store.getBuffer(row.object_key));
      const thumb = row.type === 'video' ? await videoPoster(data) : await photoThumbnail(data);
      await this.store.put(key, thumb, 'image/jpeg', thumb.length);
      const updated = await this.db
        .updateTable('media')
        .set({ thumb_key: key, thumb_status: 'ready', updated_at: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      // Deleted meanwhile: its thumbnail goes too.
      if (!Number(updated.numUpdatedRows)) await this.store.delete(key);
    } catch (error) {
      this.log.warn({ err: error, mediaId: id }, 'media: no thumbnail');
      await this.db.updateTable('media').set({ thumb_status: 'failed', updated_at: nowIso() }).where('id', '=', id).execute();
    }
  }
}
