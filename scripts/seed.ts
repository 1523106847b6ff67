/**
 * npm run seed [-- --devices N]
 * Migrates the database named by DATABASE_URL (or SQLite under DATA_DIR), makes sure the admin account, the
 * built-in roles and the demo data exist, then optionally bulk-inserts N more devices (for benchmarks).
 */
import { ensureAdmin } from '../server/seed/admin';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ensureRbac } from '../server/rbac/permissions';
import { seedBulkDevices } from '../server/seed/bulkDevices';
import { describeDemoLogins, seedDemoIfEmpty } from '../server/seed/demo';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function main(): Promise<void> {
  const devices = Number(argument('devices') ?? 0);
  if (!Number.isInteger(devices) || devices < 0 || devices > 10_000_000) throw new Error('--devices must be a whole number between 0 and 10000000');
  const config = readConfig();
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle);
    const admin = await ensureAdmin(handle.db, config.adminPassword);
    if (admin.newPassword) console.log(`Admin: ${admin.username} / ${admin.newPassword}`);
    await ensureRbac(handle.db);
    const demoPasswords = await seedDemoIfEmpty(handle.db);
    console.log(demoPasswords ? describeDemoLogins(demoPasswords) : 'Demo data already present');
    if (devices > 0) {
      const started = Date.now();
      await seedBulkDevices(handle.db, devices);
      console.log(`Inserted ${devices} devices in ${((Date.now() - started) / 1000).toFixed(1)} s into ${handle.description}`);
    }
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
