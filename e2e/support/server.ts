import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess, type ServerProcess } from '../../__tests__/support/serverProcess';
import { parseDemoLogins } from '../../server/seed/demo';

const root = path.resolve(__dirname, '../..');

/** The built console the server serves (`npm run build`; DIST_DIR lets parallel builds use folders of their own). */
export const DIST_DIR = path.resolve(root, process.env.DIST_DIR ?? 'dist');

export interface RunningServer extends ServerProcess {
  dataDir: string;
  adminPassword: string;
  /** The demo accounts' passwords from the banner (empty when this start did not seed the demo). */
  demoPasswords: Record<string, string>;
}

/**
 * Starts the real server (`tsx server/main.ts`) on a free port with a temp DATA_DIR, the way `npm start` does
 * after its build step, and waits for its start-up banner.
 */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html')))
    throw new Error(`${DIST_DIR} is missing: run "npm run build" before the browser tests (npm test does).`);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-e2e-'));
  const adminPassword = env.ADMIN_PASSWORD ?? 'e2e-admin-password';
  const server = await spawnServerProcess({ DATA_DIR: dataDir, DIST_DIR, ADMIN_PASSWORD: adminPassword, ...env });
  return { ...server, dataDir, adminPassword, demoPasswords: parseDemoLogins(server.output()) };
}
