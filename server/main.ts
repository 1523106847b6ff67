import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './app';
import { readConfig } from './config';
import { describeDemoLogins } from './seed/demo';

async function main(): Promise<void> {
  const config = readConfig();
  if (!fs.existsSync(path.join(config.distDir, 'index.html'))) {
    console.warn(`The console is not built yet (${config.distDir}/index.html is missing): run "npm run build", or use "npm start" which builds first.`);
  }
  const { app, database, admin, demoPasswords } = await buildServer(config);
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const url = `http://localhost:${port}/`;

  const lines = [`Skyline Ops console: ${url}`, `API: ${url}api/   data: ${database.description}`];
  if (app.mqtt) lines.push(app.mqtt.describe(url));
  if (admin.newPassword && admin.generated)
    lines.push(`Login: ${admin.username} / ${admin.newPassword}   (generated now and shown only once; set ADMIN_PASSWORD to choose or reset it)`);
  else if (admin.newPassword) lines.push(`Login: ${admin.username} / the password in ADMIN_PASSWORD`);
  else lines.push(`Login: ${admin.username} / the password printed at first start (restart with ADMIN_PASSWORD=… to reset it)`);
  if (demoPasswords) lines.push(describeDemoLogins(demoPasswords));
  console.log(lines.join('\n'));

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Skyline Ops server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
