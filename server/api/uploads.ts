import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, megabytes } from '@shared/uploads';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/envelope';
import type { FileStore } from './crud';

/** 400 for a file above `maxBytes` (MAX_UPLOAD_BYTES unless the endpoint takes larger ones), naming its field. */
export function uploadTooLarge(field: string, maxBytes = MAX_UPLOAD_BYTES) {
  const maxMb = megabytes(maxBytes);
  const reason = { code: 'upload.too_large', params: { field, max_mb: maxMb } } as const;
  return badRequest(`${field} is larger than ${maxMb} MB`, [{ field, message: `larger than ${maxMb} MB`, ...reason }], reason);
}

function notAnImage(field: string) {
  const reason = { code: 'upload.bad_image_type', params: { field } } as const;
  return badRequest(`${field} must be a PNG, JPEG or WebP image`, [{ field, message: 'must be a PNG, JPEG or WebP image', ...reason }], reason);
}

const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const satisfies Record<string, (typeof IMAGE_UPLOAD_TYPES)[number]>;
type Ext = keyof typeof TYPES;

/** The image type from the file's first bytes; the client's file name and content type are never trusted. */
export function sniffImage(data: Buffer): Ext | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;
const URL_PREFIX = '/uploads/';
/** Besides at start-up, a running server sweeps unreferenced uploads this often. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes a file; one already gone is fine (another instance's sweep may have been first). */
const unlinkIfPresent = (file: string) =>
  fs.unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });

/**
 * Image files under DATA_DIR/uploads. `store` checks an image and writes it with a generated name (400 when it is
 * not png/jpeg/webp or too big); `remove` deletes a file `store` wrote, given its URL (one already gone is fine).
 */
export function imageStore(dataDir: string, field = 'photo'): FileStore {
  const dir = uploadsDir(dataDir);
  return {
    async store(file) {
      if (file.data.length > MAX_UPLOAD_BYTES) throw uploadTooLarge(field);
      const ext = sniffImage(file.data);
      if (!ext) throw notAnImage(field);
      await fs.mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${ext}`;
      await fs.writeFile(path.join(dir, name), file.data, { flag: 'wx' });
      return { url: `${URL_PREFIX}${name}` };
    },
    async remove(url) {
      const name = url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : '';
      if (!NAME.test(name)) return;
      await unlinkIfPresent(path.join(dir, name));
    },
  };
}

/**
 * Removes the upload files no row refers to ("orphans"): a file is written before its row commits and a replaced or
 * deleted row's file is removed after the commit, so a process killed in between leaves one behind. Only files older
 * than `minAgeMs` go: a younger one may belong to a write still in flight here or on another instance sharing
 * DATA_DIR. devices.photo is the one column holding upload URLs (server/entities/device/routes.ts). Returns the names
 * removed.
 */
export async function removeOrphanUploads(db: Kysely<Database>, dataDir: string, minAgeMs: number, now = Date.now()): Promise<string[]> {
  const dir = uploadsDir(dataDir);
  const rows = await db.selectFrom('devices').select('photo').where('photo', 'like', `${URL_PREFIX}%`).execute();
  const referenced = new Set(rows.map((row) => row.photo!.slice(URL_PREFIX.length)));
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const removed: string[] = [];
  for (const name of names) {
    if (!NAME.test(name) || referenced.has(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs < minAgeMs) continue;
    await unlinkIfPresent(file);
    removed.push(name);
  }
  return removed;
}

/**
 * GET /uploads/{name}: public (image tags send no bearer header; names are unguessable UUIDs), only names this
 * server generated, served with the type of their extension, nosniff and a sandboxing CSP. Sweeps orphan uploads
 * before the server listens and hourly after.
 */
export default async function uploadsRoutes(app: FastifyInstance, options: { dataDir: string; orphanAgeMs: number }): Promise<void> {
  const sweep = async () => {
    try {
      const removed = await removeOrphanUploads(app.db, options.dataDir, options.orphanAgeMs);
      if (removed.length) app.log.warn({ files: removed }, 'removed upload files no row refers to');
    } catch (error) {
      app.log.warn({ err: error }, 'could not sweep unreferenced uploads');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const match = NAME.exec(request.params.name);
    if (!match) throw notFound();
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(uploadsDir(options.dataDir), request.params.name));
    } catch {
      throw notFound();
    }
    return reply
      .header('Content-Type', TYPES[match[1] as Ext])
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  });
}
