import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type BuildOptions, type ServerHandle } from '../../../server/app';
import { readConfig, type ServerConfig } from '../../../server/config';
import { assertPostgres, dropSchema, PG_URL } from '../../support/postgres';

export type Dialect = 'sqlite' | 'postgres';
export const ADMIN_PASSWORD = 'Admin@test-2026';
/** A whole server with its demo seed and sign-ins, on a 2-core machine that a full test run keeps busy. */
export const SERVER_START_TIMEOUT_MS = 120_000;
export { assertPostgres, dropSchema, PG_URL };

export interface TestServer {
  handle: ServerHandle;
  root: string;
  schema?: string;
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The configuration of a test server under `root` (created), from defaults plus `env` as the environment would give it. */
export function testConfig(root: string, env: Record<string, string> = {}): ServerConfig {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.mkdirSync(path.join(root, 'static'), { recursive: true });
  return {
    ...readConfig({ LOG_LEVEL: 'silent', HMS_URL: 'off', ...env }),
    dataDir: path.join(root, 'data'),
    distDir: path.join(root, 'dist'),
    staticDir: path.join(root, 'static'),
    adminPassword: ADMIN_PASSWORD,
  };
}

/** A server on a fresh database: a temp SQLite DATA_DIR, or a unique PostgreSQL schema dropped afterwards. */
export async function startServer(dialect: Dialect, options: BuildOptions = {}, reuse?: { root: string; schema?: string }): Promise<TestServer> {
  const root = reuse?.root ?? fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-api-'));
  let schema = reuse?.schema;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    await assertPostgres();
    schema ??= `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    databaseUrl = `${PG_URL}?schema=${schema}`;
  }
  const config = { ...testConfig(root), databaseUrl };
  const handle = await buildServer(config, { apiRateLimit: 100_000, loginRateLimit: 5, ...options });
  return {
    handle,
    root,
    schema,
    databaseUrl,
    async close() {
      await handle.app.close();
      if (!reuse) {
        if (schema) await dropSchema(schema);
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A multipart/form-data body for app.inject(). */
export function multipart(fields: Record<string, string>, file?: { field: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----skyline${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
