import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type AedesModule = typeof import('aedes');

/**
 * aedes 1.x is an ES module. Node 20.19+ loads it from this CommonJS server (require(esm)), which is what `npm start`,
 * tsx and the simulator use. Jest's CommonJS runtime cannot, and its transform ignores node_modules, so under Jest
 * (and only there) aedes' own files are bundled once to CommonJS with esbuild (already installed with tsx); its
 * dependencies are CommonJS and stay external.
 */
export async function loadAedes(): Promise<AedesModule> {
  if (!process.env.JEST_WORKER_ID) return import('aedes');
  try {
    return await import('aedes');
  } catch {
    return require(bundleForJest()) as AedesModule;
  }
}

function bundleForJest(): string {
  const entry = require.resolve('aedes');
  const version = (JSON.parse(fs.readFileSync(path.join(path.dirname(entry), 'package.json'), 'utf8')) as { version: string }).version;
  const file = path.join(os.tmpdir(), `skyline-aedes-${version}-${process.getuid?.() ?? 0}.cjs`);
  if (!fs.existsSync(file)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require('esbuild') as typeof import('esbuild');
    const tmp = `${file}.${process.pid}.tmp`;
    esbuild.buildSync({ entryPoints: [entry], bundle: true, format: 'cjs', platform: 'node', packages: 'external', outfile: tmp, logLevel: 'silent' });
    fs.renameSync(tmp, file);
  }
  return file;
}
