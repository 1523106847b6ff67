import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TILE_PACKAGE_NAME, TILES_PREFIX, type TilePackage, type TileType } from '@shared/tiles';
import { HttpError, notFound, ok } from '../http/envelope';
import { MbtilesArchive, type MbtilesInfo } from './mbtiles';
import { pmtilesInfo } from './pmtiles';

const unreadablePackage = () => new HttpError(422, 'The map package is not a readable MBTiles file', undefined, { code: 'tiles.package_unreadable' });

export const tilesDir = (dataDir: string) => path.join(dataDir, 'tiles');

/** Packages change rarely and keep their names: an hour in the browser, then revalidated (ETag / Last-Modified). */
const PACKAGE_MAX_AGE_SECONDS = 3600;
const PACKAGE_CACHE = `public, max-age=${PACKAGE_MAX_AGE_SECONDS}`;

const CONTENT_TYPES: Record<TileType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  mvt: 'application/vnd.mapbox-vector-tile',
};

const isGzip = (data: Buffer) => data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;

/** A tile coordinate as written in a URL: decimal digits only (Number() would also read '0x1', '1e1' or ' 1'). */
const tileCoordinate = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number);

const tileParams = z
  .object({
    name: z.string().regex(TILE_PACKAGE_NAME).endsWith('.mbtiles'),
    z: tileCoordinate.pipe(z.number().max(30)),
    x: tileCoordinate,
    y: tileCoordinate,
  })
  .refine((p) => p.x < 2 ** p.z && p.y < 2 ** p.z, { message: 'x and y must be below 2^z', path: ['y'] });

/**
 * Offline map packages under DATA_DIR/tiles (docs/map.md): GET /tiles/ lists them, GET /tiles/{name}.pmtiles serves an
 * archive with HTTP range requests, GET /tiles/{name}.mbtiles/{z}/{x}/{y} one tile of an MBTiles file. Public, like
 * the console's own files: image tags carry no bearer token.
 */
export default async function tilesRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const dir = tilesDir(options.dataDir);
  fs.mkdirSync(dir, { recursive: true });

  // One open handle per MBTiles file, replaced when the file is replaced. A file that is not a readable package is
  // remembered by its modification time, so it is logged once per version of the file, not on every request.
  const archives = new Map<string, { mtimeMs: number; archive: MbtilesArchive }>();
  const unreadable = new Map<string, number>();
  const noteUnreadable = (name: string, stat: fs.Stats, error: unknown, log: FastifyBaseLogger) => {
    if (unreadable.get(name) === stat.mtimeMs) return;
    unreadable.set(name, stat.mtimeMs);
    log.warn({ err: error, name }, 'not a readable map package; left out until the file changes');
  };
  const openMbtiles = (name: string, log: FastifyBaseLogger): { archive: MbtilesArchive; info: MbtilesInfo; stat: fs.Stats } | null => {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    if (unreadable.get(name) === stat.mtimeMs) throw unreadablePackage();
    const cached = archives.get(name);
    if (cached?.mtimeMs === stat.mtimeMs) return { archive: cached.archive, info: cached.archive.info()!, stat };
    cached?.archive.close();
    archives.delete(name);
    let archive: MbtilesArchive | undefined;
    try {
      archive = new MbtilesArchive(file);
      const info = archive.info();
      if (!info) throw new Error('the metadata table names no tile format');
      archives.set(name, { mtimeMs: stat.mtimeMs, archive });
      return { archive, info, stat };
    } catch (error) {
      archive?.close();
      noteUnreadable(name, stat, error, log);
      throw unreadablePackage();
    }
  };
  app.addHook('onClose', async () => archives.forEach(({ archive }) => archive.close()));

  async function describe(name: string, log: FastifyBaseLogger): Promise<TilePackage | null> {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    const format = name.endsWith('.pmtiles') ? 'pmtiles' : 'mbtiles';
    try {
      const info = format === 'pmtiles' ? await pmtilesInfo(file) : openMbtiles(name, log)?.info;
      if (!info) return null;
      const url = format === 'pmtiles' ? `${TILES_PREFIX}${name}` : `${TILES_PREFIX}${name}/{z}/{x}/{y}`;
      return { name, format, url, ...info, bytes: stat.size };
    } catch (error) {
      if (!(error instanceof HttpError)) noteUnreadable(name, stat, error, log);
      return null;
    }
  }

  app.get(TILES_PREFIX, { schema: { hide: true } }, async (request, reply) => {
    const names = fs
      .readdirSync(dir)
      .filter((name) => TILE_PACKAGE_NAME.test(name))
      .sort();
    const described = await Promise.all(names.map((name) => describe(name, request.log)));
    reply.header('Cache-Control', 'no-cache');
    return ok({ items: described.filter((p): p is TilePackage => p !== null) });
  });

  app.withTypeProvider<ZodTypeProvider>().get(`${TILES_PREFIX}:name/:z/:x/:y`, { schema: { hide: true, params: tileParams } }, async (request, reply) => {
    const { name, z: zoom, x, y } = request.params;
    const opened = openMbtiles(name, request.log);
    if (!opened) throw notFound('No such map package', { code: 'tiles.package_not_found' });
    const { info } = opened;
    const data = opened.archive.tile(zoom, x, y);
    if (!data) throw notFound('No tile there', { code: 'tiles.tile_not_found' });
    if (isGzip(data)) reply.header('Content-Encoding', 'gzip');
    return reply
      .header('Content-Type', CONTENT_TYPES[info.tileType])
      .header('Cache-Control', PACKAGE_CACHE)
      .header('Last-Modified', opened.stat.mtime.toUTCString())
      .send(data);
  });

  // Range requests, ETag and Last-Modified for the archives come from @fastify/static; only package names are served.
  await app.register(fastifyStatic, {
    root: dir,
    prefix: TILES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: PACKAGE_MAX_AGE_SECONDS * 1000,
    allowedPath: (pathName) => pathName.endsWith('.pmtiles') && TILE_PACKAGE_NAME.test(pathName.slice(1)),
  });
}
