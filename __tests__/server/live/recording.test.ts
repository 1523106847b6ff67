import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Media } from '@shared/entities/media';
import type { Camera } from '@shared/liveVideo';
import type { Simulation } from '../../../scripts/simulator';
import { saveFlightRecord } from '../../../server/flightRecords/store';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, sleep, startServer, type TestServer } from '../mqtt/support';

/**
 * Recording while a task flies (issue 30): the simulated dock's camera pushes a real H.264 stream with Debian's ffmpeg;
 * while the aircraft's task runs, the server remuxes the stream to an MP4 (no transcode) that lands in the media
 * library's object store as a video of the task, its length read back with ffprobe.
 */
jest.setTimeout(90_000);

const run = promisify(execFile);
let server: TestServer;
let simulation: Simulation;
let token: string;
let aircraftId: number;
let videoId: string;

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return response.json() as { code: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes
};

beforeAll(async () => {
  // A short idle time: a recorded stream nobody watches must outlive it.
  server = await startServer({}, { RTMP_PORT: '0', LIVE_SWEEP_MS: '100', LIVE_IDLE_STOP_S: '1', LIVE_REPLY_TIMEOUT_MS: '5000' });
  token = await loginToken(server);
  simulation = await simulatedDock(server, 'REC', { rate: 2, plans: false });
  const aircraftSn = simulation.gateways[0].plan.aircraft.sn;
  aircraftId = (await server.app.db.selectFrom('devices').select('id').where('serial', '=', aircraftSn).executeTakeFirstOrThrow()).id;
  await until(async () => ((await call('GET', `/api/Device/${aircraftId}/cameras/`)).data as Camera[]).length > 0, 10_000, 'the cameras');
  videoId = ((await call('GET', `/api/Device/${aircraftId}/cameras/`)).data as Camera[])[0].video_id;
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

async function runningTask(): Promise<number> {
  const db = server.app.db;
  const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const task = await db
    .insertInto('tasks')
    .values({
      name: 'Recorded survey',
      project_id: project.id,
      device_id: aircraftId,
      route_id: null,
      pilot_id: null,
      kind: 'inspection',
      status: 'running',
      scheduled_at: null,
      started_at: now,
      finished_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return task.id;
}

it("records the aircraft's stream while its task flies, to an MP4 of the task in the object store", async () => {
  const taskId = await runningTask();
  const started = await call('POST', `/api/Device/${aircraftId}/live/`, { video_id: videoId });
  expect(started.code).toBe(200);
  const name = /\/live\/([^.]+)\.flv/.exec(started.data.play.flv as string)![1];
  const live = server.app.live!;
  await until(() => live.recordings!.records(videoId) && live.media.ingest!.publishing(name), 10_000, 'the device pushes a recorded stream');
  const since = Date.now();
  // The recording's length is what this test measures: the stream is recorded for four seconds of wall-clock time.
  await sleep(4000);
  // Nobody watched: the recorded stream outlived the idle stop.
  expect(live.streams.view(videoId)?.status).toBe('live');
  const camera = ((await call('GET', `/api/Device/${aircraftId}/cameras/`)).data as Camera[]).find((c) => c.video_id === videoId)!;
  expect(camera.live.viewers).toBe(0);

  const finishedAt = new Date().toISOString();
  await server.app.db.updateTable('tasks').set({ status: 'done', finished_at: finishedAt }).where('id', '=', taskId).execute();
  const stoppedAfter = Date.now() - since;
  let video: Media | undefined;
  await until(
    async () => {
      video = ((await call('GET', `/api/Media/?task_id=${taskId}`)).data.items as Media[])[0];
      return video !== undefined;
    },
    20_000,
    'the recording in the media library',
  );
  expect(video).toMatchObject({ type: 'video', mime: 'video/mp4', source: 'live', task_id: taskId, device_id: aircraftId });
  expect(video!.name).toMatch(/\.mp4$/);
  expect(Date.parse(video!.taken_at!)).toBeGreaterThanOrEqual(since - 2000);
  expect(video!.duration_ms).toBeGreaterThanOrEqual(3500);
  expect(video!.duration_ms).toBeLessThanOrEqual(stoppedAfter + 1500);

  // The object itself: an H.264 MP4 whose length ffprobe reads as the row says (remuxed, not transcoded).
  const row = await server.app.db.selectFrom('media').select('object_key').where('id', '=', video!.id).executeTakeFirstOrThrow();
  const file = path.join(server.dataDir, 'probe.mp4');
  await fs.writeFile(file, await server.app.media!.store.getBuffer(row.object_key));
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height', '-of', 'json', file]);
  const probed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string; width: number; height: number }[] };
  expect(probed.streams).toEqual([{ codec_name: 'h264', width: 1280, height: 720 }]);
  expect(Math.abs(Number(probed.format.duration) * 1000 - video!.duration_ms!)).toBeLessThan(100);
  // The working file is gone once the recording is in the store.
  expect(await fs.readdir(path.join(server.dataDir, 'recordings'))).toEqual([]);

  // The flight's record is written after the recording (at the detected landing): it takes the task's video.
  const takeoff = since - 1000;
  const samples = [0, 1, 2, 3].map((i) => ({ at: takeoff + i * 2000, lat: 22.5 + i * 1e-4, lng: 114, alt: i ? 30 : 0, speed: 5, battery: 90 - i }));
  const recordId = await saveFlightRecord(server.app.db, { deviceSn: simulation.gateways[0].plan.aircraft.sn, gatewaySn: null, gatewayPilotId: null, samples });
  expect(recordId).not.toBeNull();
  expect(await server.app.media!.linkFlightRecord(recordId!)).toBe(1);
  expect((await call('GET', `/api/Media/${video!.id}/`)).data).toMatchObject({ task_id: taskId, flight_record_id: recordId });

  // The task no longer flies: the stream is no longer recorded, and nobody watching, it is stopped as idle.
  await until(() => live.streams.view(videoId)?.status === 'ended', 10_000, 'the idle stop after the task');
  expect(live.streams.view(videoId)?.endedReason).toBe('idle');
});
