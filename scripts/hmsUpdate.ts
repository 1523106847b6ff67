/**
 * npm run hms:update -- --file hms.json
 * Installs a copy of DJI's HMS table (the hms.json DJI publishes, docs/mqtt.md "HMS texts") as the server's stored
 * copy, DATA_DIR/dji/hms.json, for sites whose server cannot reach DJI. The file is checked first; a server uses it
 * from its next start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from '../server/config';
import { installCopy, storedCopyPath } from '../server/hms/catalogue';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function main(): Promise<void> {
  const file = argument('file');
  if (!file) throw new Error('name the table: npm run hms:update -- --file hms.json');
  const { dataDir } = readConfig();
  const table = await installCopy(dataDir, await fs.readFile(path.resolve(file), 'utf8'), file);
  console.log(
    `Installed ${table.entries.size} HMS keys (${table.codes} codes) from ${file} as ${storedCopyPath(dataDir)}; servers use it from their next start.`,
  );
}

main().catch((error: unknown) => {
  console.error('hms:update failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
