import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { DIST_DIR } from './server';

/**
 * The JavaScript a page fetches, as the browser sees it: every JS response with the gzip size of its body, and which
 * of them had arrived when something showed on the page. For the /login bundle test and `npm run bench:bundle`.
 */

/** One script the page fetched. */
export interface ScriptLoad {
  /** The path on the server, e.g. /assets/main.4c1b7acc4e.js */
  path: string;
  /** The webpack chunk name (`main`, `page-login`, `signed-in-sagas`…; a number for a chunk split off by size). */
  chunk: string;
  /** gzip -9 of the response body. */
  gzip: number;
  /** The source files the chunk was built from (its source map): `src/features/auth/authSaga.ts`, `node_modules/zod/…`. */
  modules: string[];
}

/** What the page waits for: the login form usable (password field visible and enabled) or a heading with this text. */
export type PageMoment = { passwordField: true } | { heading: string };

/**
 * Records every JS response of `page` from now on. `fetchedWhen(moment)` waits until the moment is on screen and
 * describes the scripts whose download had finished by then.
 */
export function recordScripts(page: Page) {
  // A body still being read when the page closes rejects; that matters only to a caller asking for it.
  const bodies = new Map<string, Promise<number | Error>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js') || bodies.has(pathname)) return;
    bodies.set(
      pathname,
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        (error: Error) => error,
      ),
    );
  });
  return {
    async fetchedWhen(moment: PageMoment, timeoutMs = 60_000): Promise<ScriptLoad[]> {
      const paths = await finishedWhen(page, moment, timeoutMs);
      return Promise.all(
        paths.map(async (p) => {
          const size = await bodies.get(p);
          if (size === undefined) throw new Error(`${p} finished loading but no response for it was recorded`);
          if (size instanceof Error) throw size;
          return { path: p, chunk: chunkName(p), gzip: size, modules: chunkModules(p) };
        }),
      );
    },
  };
}

/**
 * Waits (checking on every frame) until `moment` is on screen and answers the paths of the scripts whose download had
 * finished by then: the browser's resource timing, read in the same frame.
 */
async function finishedWhen(page: Page, moment: PageMoment, timeoutMs: number): Promise<string[]> {
  // No named functions inside: tsx (the benches) would wrap them in a helper the page does not have.
  const handle = await page.waitForFunction(
    (wanted) => {
      const candidates =
        'passwordField' in wanted
          ? [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')].filter((field) => !field.disabled && !field.readOnly)
          : [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter((h) => h.textContent?.trim() === wanted.heading);
      if (!candidates.some((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))) return null;
      return performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((p) => p.endsWith('.js'));
    },
    moment,
    { polling: 'raf', timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as string[];
}

export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const totalGzip = (scripts: ScriptLoad[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);

/** One line per script: chunk name, gzip size, and the packages and source folders in it (most modules first). */
export const describeScripts = (scripts: ScriptLoad[]) =>
  scripts.map((s) => {
    const owners = ownersOf(s.modules);
    return `  ${s.chunk.padEnd(24)} ${formatKb(s.gzip).padStart(9)}  ${owners.slice(0, 6).join(', ')}${owners.length > 6 ? ', …' : ''}`;
  });

/** `/assets/page-login.0123456789.js` → `page-login` (webpack's chunkFilename is `[name].[contenthash:10].js`). */
const chunkName = (p: string) => path.basename(p).replace(/\.[0-9a-f]{10}\.js$/, '');

/** The source files of a built chunk, from the source map webpack writes beside it (none without one). */
function chunkModules(p: string): string[] {
  const mapFile = path.join(DIST_DIR, `${p}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  // webpack://skyline-ops-console/./src/app/App.tsx → src/app/App.tsx
  return sources.map((source) => source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, ''));
}

/** The npm package (`zod`, `@mui/material`) or source folder (`src/features/broker`, `shared/dji`) a module belongs to. */
export function moduleOwner(file: string): string {
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (inPackage) return inPackage[1];
  return /^(src\/features\/[^/]+|src\/[^/]+|shared\/[^/]+)(?=\/)/.exec(file)?.[1] ?? file;
}

const ownersOf = (modules: string[]) => {
  const counts = new Map<string, number>();
  for (const owner of modules.map(moduleOwner)) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([owner]) => owner);
};
