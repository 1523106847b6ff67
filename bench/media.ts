/**
 * npm run bench:media — the media library on SQLite with the local object store: 10 simulated docks (real MQTT
 * connections to the embedded broker) each ask storage_config_get, upload their share of 500 photos (the real DJI
 * fixture photos, made unique) through the S3 protocol, and send file_upload_callback. Prints ingest-to-listed
 * (callback sent → row listed with its thumbnail ready) p50/p99, the thumbnail time, then the media list query
 * (GET /api/Media/ with filters) p50/p99 at 100k rows. Targets: listed with thumbnail < 2 s after the callback, list
 * p99 < 50 ms. Options: --photos N --docks N --rows N. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import mqtt, { type MqttClient } from 'mqtt';
import { eventsTopic, replyTopic, requestsTopic, servicesTopic, statusTopic } from '@shared/dji/topics';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import type { StorageConfig } from '../server/media/objectStore';
import { nowIso } from '../server/db/time';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PHOTOS = arg('photos', 500);
const DOCKS = arg('docks', 10);
const ROWS = arg('rows', 100_000);
const LIST_QUERIES = 300;
const ADMIN_PASSWORD = 'bench-admin-password';
const FIXTURES = path.resolve(__dirname, '../__tests__/fixtures/dji/photos');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** One DJI message on `topic` and the platform's reply with the same tid. */
function call(
  client: MqttClient,
  topic: string,
  method: string,
  data: unknown,
  extra: Record<string, unknown> = {},
): Promise<{ result: number; output?: unknown }> {
  const tid = randomUUID();
  return new Promise((resolve) => {
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== replyTopic(topic)) return;
      const message = JSON.parse(payload.toString()) as { tid: string; data: { result: number; output?: unknown } };
      if (message.tid !== tid) return;
      client.off('message', onMessage);
      resolve(message.data);
    };
    client.on('message', onMessage);
    client.publish(topic, JSON.stringify({ tid, bid: randomUUID(), timestamp: Date.now(), method, data, ...extra }), { qos: 1 });
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-media-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', DEMO_SEED: '0', TASK_SCHEDULER_INTERVAL_MS: '0' });
  const { app } = await buildServer(config, { apiRateLimit: 1_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const api = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) })).json() as {
        data: Record<string, unknown>;
      };
    const projectId = (await api('POST', '/api/Project/', { name: 'bench media', status: 'active' })).data.id as number;
    const photos = fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.JPG'))
      .map((f) => fs.readFileSync(path.join(FIXTURES, f)));

    // 10 docks, each bound, with a task in the project (their workspace), connected over MQTT.
    const docks = [];
    for (let d = 0; d < DOCKS; d++) {
      const sn = `BENCHDOCK${d}`;
      const created = (await api('POST', '/api/Device/', { serial: sn, name: sn, model: 'DJI Dock 2', kind: 'dock' })).data;
      await api('POST', '/api/Task/', { name: `bench ${d}`, project_id: projectId, kind: 'inspection' });
      await app.db.updateTable('tasks').set({ gateway_sn: sn }).where('name', '=', `bench ${d}`).execute();
      const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, { clientId: `bench_${sn}`, username: sn, password: created.secret as string });
      for (const topic of [replyTopic(statusTopic(sn)), replyTopic(eventsTopic(sn)), replyTopic(requestsTopic(sn)), servicesTopic(sn)])
        await client.subscribeAsync(topic, { qos: 1 });
      await call(client, statusTopic(sn), 'update_topo', { domain: '3', type: 2, sub_type: 0, thing_version: '1.1.2', sub_devices: [] });
      const storage = (await call(client, requestsTopic(sn), 'storage_config_get', { module: 0 })).output as StorageConfig;
      const s3 = new S3Client({
        endpoint: storage.endpoint,
        region: storage.region,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials: {
          accessKeyId: storage.credentials.access_key_id,
          secretAccessKey: storage.credentials.access_key_secret,
          sessionToken: storage.credentials.security_token,
        },
      });
      docks.push({ sn, client, storage, s3 });
    }

    const listedAfter: number[] = [];
    const thumbAfter: number[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      docks.map(async (dock) => {
        for (let i = next++; i < PHOTOS; i = next++) {
          const name = `DJI_${String(i).padStart(4, '0')}_W.JPG`;
          const key = `${dock.storage.object_key_prefix}${dock.sn}/${name}`;
          // Bytes after the JPEG's end make each photo unique (no duplicate) and leave it valid.
          const body = Buffer.concat([photos[i % photos.length], Buffer.from(randomUUID())]);
          await dock.s3.send(new PutObjectCommand({ Bucket: dock.storage.bucket, Key: key, Body: body }));
          const sent = performance.now();
          const reply = await call(
            dock.client,
            eventsTopic(dock.sn),
            'file_upload_callback',
            { file: { object_key: key, name, ext: { drone_model_key: '0-91-0', payload_model_key: '1-81-0' }, metadata: { created_time: nowIso() } } },
            { need_reply: 1, gateway: dock.sn },
          );
          if (reply.result !== 0) throw new Error(`callback refused: ${reply.result}`);
          const recorded = performance.now();
          for (;;) {
            const row = await app.db.selectFrom('media').select('thumb_status').where('object_key', '=', key).executeTakeFirst();
            if (row?.thumb_status === 'ready' || row?.thumb_status === 'failed') break;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          const listed = performance.now();
          listedAfter.push(listed - sent);
          thumbAfter.push(listed - recorded);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`ingest: ${PHOTOS} photos from ${DOCKS} docks in ${seconds.toFixed(1)} s (${(PHOTOS / seconds).toFixed(1)} photos/s)`);
    console.log(`  callback → listed with thumbnail: p50 ${ms(percentile(listedAfter, 50))}, p99 ${ms(percentile(listedAfter, 99))} (target < 2000 ms)`);
    console.log(`  thumbnail after the row: p50 ${ms(percentile(thumbAfter, 50))}, p99 ${ms(percentile(thumbAfter, 99))}`);
    for (const dock of docks) await dock.client.endAsync(true);

    // 100k rows: copies of the ingested ones spread over a year and a region, then the list query.
    const template = await app.db.selectFrom('media').selectAll().where('project_id', '=', projectId).limit(1).executeTakeFirstOrThrow();
    const existing = Number(
      (
        await app.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let start = existing; start < ROWS; start += 500) {
      const values = [];
      for (let i = start; i < Math.min(ROWS, start + 500); i++) {
        const { id: _id, ...rest } = template;
        values.push({
          ...rest,
          object_key: `media/${projectId}/bulk/${i}.JPG`,
          fingerprint: `bulk-${i}`,
          name: `DJI_${i}_${['W', 'Z', 'T'][i % 3]}.JPG`,
          lens: ['wide', 'zoom', 'ir'][i % 3],
          device_sn: `BENCHDOCK${i % DOCKS}`,
          taken_at: new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000 + i * 1000).toISOString(),
          lat: 22 + (i % 1000) / 1000,
          lng: 114 + ((i * 7) % 1000) / 1000,
        });
      }
      await app.db.insertInto('media').values(values).execute();
    }
    const queries = [
      `/api/Media/?project_id=${projectId}`,
      `/api/Media/?project_id=${projectId}&lens=ir&page=3`,
      `/api/Media/?device_sn=BENCHDOCK3&taken_from=2026-03-01T00:00:00Z&taken_to=2026-04-01T00:00:00Z`,
      `/api/Media/?bbox=114.2,22.2,114.4,22.4&type=photo`,
      `/api/Media/?project_id=${projectId}&ordering=-created_at&page_size=100`,
    ];
    const times: number[] = [];
    for (let i = 0; i < LIST_QUERIES; i++) {
      const t = performance.now();
      const response = await app.inject({ method: 'GET', url: queries[i % queries.length], headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t);
      if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
    }
    console.log(
      `list at ${ROWS.toLocaleString('en')} rows (${LIST_QUERIES} queries, ${queries.length} filter sets): p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} (target < 50 ms)`,
    );
    console.log('PDF report for a 200-photo task: not measured (the report is not built yet).');
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
