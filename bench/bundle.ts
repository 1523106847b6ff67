/**
 * npm run bench:bundle — production build, then prints the gzip size of the JavaScript the /login page needs
 * for its first paint (entry chunks + the login route's chunk group) and of the largest chunk.
 * Target: ≤ 200 KB gzip for /login's initial JS. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack, { type StatsCompilation } from 'webpack';
import makeConfig from '../webpack.config';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function build(): Promise<StatsCompilation> {
  const compiler = webpack(makeConfig({}, { mode: 'production' }));
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) return reject(new Error(stats?.toString('errors-only') ?? 'build failed'));
      resolve(stats.toJson({ all: false, assets: true, cachedAssets: true, entrypoints: true, chunkGroups: true, outputPath: true }));
    }),
  );
}

async function main() {
  const started = Date.now();
  const stats = await build();
  const outDir = stats.outputPath!;
  const gzipOf = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
  const jsOf = (group: { assets?: Array<{ name: string }> } | undefined) => (group?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));

  const entryJs = jsOf(stats.entrypoints?.main);
  const loginJs = jsOf(stats.namedChunkGroups?.['page-login']);
  const firstPaint = [...new Set([...entryJs, ...loginJs])];
  const firstPaintGzip = firstPaint.reduce((sum, file) => sum + gzipOf(file), 0);

  const allJs = (stats.assets ?? []).map((a) => a.name).filter((n): n is string => typeof n === 'string' && n.endsWith('.js'));
  const sizes = allJs.map((file) => ({ file, gzip: gzipOf(file), raw: fs.statSync(path.join(outDir, file)).size })).sort((a, b) => b.gzip - a.gzip);
  const totalGzip = sizes.reduce((sum, s) => sum + s.gzip, 0);

  console.log(`build: ${((Date.now() - started) / 1000).toFixed(1)} s, ${allJs.length} JS files, ${kb(totalGzip)} gzip in all`);
  console.log(`/login first paint JS: ${kb(firstPaintGzip)} gzip in ${firstPaint.length} files (target ≤ 200 KB)`);
  for (const file of firstPaint) console.log(`  ${file}  ${kb(gzipOf(file))}`);
  console.log(`largest chunk: ${sizes[0].file}  ${kb(sizes[0].gzip)} gzip (${kb(sizes[0].raw)} raw)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
