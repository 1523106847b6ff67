import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TILE_PACKAGE_NAME, TILES_PREFIX, type TilePackage, type TileType } from '@shared/tiles';
import { notFound, ok } from '../http/envelope';
import { MbtilesArchive } from './mbtiles';
import { pmtilesInfo } from './pmtiles';

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

const tileParams = z
  .object({
    name: z.string().regex(TILE_PACKAGE_NAME).endsWith('.mbtiles'),
    z: z.coerce.number().int().min(0).max(30),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
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

  // One open handle per MBTiles file, replaced when the file is replaced.
  const archives = new Map<string, { mtimeMs: number; archive: MbtilesArchive }>();
  const openMbtiles = (name: string): { archive: MbtilesArchive; stat: fs.Stats } | null => {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    const cached = archives.get(name);
    if (cached?.mtimeMs === stat.mtimeMs) return { archive: cached.archive, stat };
    cached?.archive.close();
    const archive = new MbtilesArchive(file);
    archives.set(name, { mtimeMs: stat.mtimeMs, archive });
    return { archive, stat };
  };
  app.addHook('onClose', async () => archives.forEach(({ archive }) => archive.close()));

  async function describe(name: string): Promise<TilePackage | null> {
    const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    const format = name.endsWith('.pmtiles') ? 'pmtiles' : 'mbtiles';
    const info = format === 'pmtiles' ? await pmtilesInfo(path.join(dir, name)) : openMbtiles(name)?.archive.info();
    if (!info) return null;
    const url = format === 'pmtiles' ? `${TILES_PREFIX}${name}` : `${TILES_PREFIX}${name}/{z}/{x}/{y}`;
    return { name, format, url, ...info, bytes: stat.size };
  }

  app.get(TILES_PREFIX, { schema: { hide: true } }, async (request, reply) => {
    const names = fs
      .readdirSync(dir)
      .filter((name) => TILE_PACKAGE_NAME.test(name))
      .sort();
    const described = await Promise.all(
      names.map((name) =>
        describe(name).catch((error: unknown) => {
          request.log.warn({ err: error, name }, 'not a readable map package');
          return null;
        }),
      ),
    );
    reply.header('Cache-Control', 'no-cache');
    return ok({ items: described.filter((p): p is TilePackage => p !== null) });
  });

  app.withTypeProvider<ZodTypeProvider>().get(`${TILES_PREFIX}:name/:z/:x/:y`, { schema: { hide: true, params: tileParams } }, async (request, reply) => {
    const { name, z: zoom, x, y } = request.params;
    const opened = openMbtiles(name);
    const info = opened?.archive.info();
    if (!opened || !info) throw notFound('No such map package', { code: 'tiles.package_not_found' });
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
