import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoStatic = path.resolve(__dirname, '../../static');

/** A copy of static/ in a temp folder with config.json overrides, for a server started with STATIC_DIR. */
export function staticDirWith(configOverrides: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-static-'));
  fs.cpSync(repoStatic, dir, { recursive: true });
  const configPath = path.join(dir, 'config.json');
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(configPath, JSON.stringify({ ...config, ...configOverrides }, null, 2));
  return dir;
}

/** STATIC_DIR for a server whose production build offers ?djibridge=sim (docs/controller.md). */
export const simulatedBridgeEnv = () => ({ STATIC_DIR: staticDirWith({ simulatedBridge: true }) });
