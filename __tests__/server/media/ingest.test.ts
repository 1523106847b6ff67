import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import type { StorageConfig } from '../../../server/media/objectStore';
import { replyTopic, servicesTopic } from '@shared/dji/topics';
import { sweepMedia } from '../../../server/media/sweep';
import { uniqueNames } from '../../../server/media/archive';
import { multipart } from '../api/harness';
import { aircraft, aircraftOsd, api, DOCK, registerDock, TestGateway } from '../mqtt/dji';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { DJI_FIXTURES } from '../../support/djiFixtures';

const PHOTOS = path.join(DJI_FIXTURES, 'photos');
const photo = (name: string) => fs.readFileSync(path.join(PHOTOS, name));
const M2EA = photo('m2ea_thermal_IR_20220602140425.JPG');
const MAVIC = photo('mavicpro_wide_nadir_DJI_0010.JPG');
const H20T = photo('h20t_thermal_DJI_20220602143532_0191_T.JPG');
const XT2 = photo('xt2_thermal_DJI_0587_R.JPG');
const VIDEO = photo('DJI_20250723102139_0001_D.MP4');

const DOCK_SN = 'DOCK-MEDIA1';
const AIRCRAFT_SN = 'AC-MEDIA1';
const FLIGHT_ID = 'flight-media-0001';

/** A device's S3 client from the credentials it was handed, as a dock builds it. */
const deviceClient = (answer: StorageConfig) =>
  new S3Client({
    endpoint: answer.endpoint,
    region: answer.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: {
      accessKeyId: answer.credentials.access_key_id,
      secretAccessKey: answer.credentials.access_key_secret,
      sessionToken: answer.credentials.security_token,
    },
  });

describe('media ingest: docks, Pilot 2, uploads by hand; the media API', () => {
  let server: TestServer;
  let token: string;
  let dock: TestGateway;
  let projectId: number;
  let taskId: number;
  const db = () => server.app.db;
  const store = () => server.app.media!.store;
  const rows = () => db().selectFrom('media').selectAll().orderBy('id').execute();
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { token?: string | null; payload?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const bearer = options.token === undefined ? token : options.token;
    const response = await server.app.inject({
      method,
      url,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    return response;
  };
  const upload = (file: Buffer, filename: string, project = projectId, as?: string) => {
    const body = multipart({ project_id: String(project) }, { field: 'file', filename, contentType: 'application/octet-stream', data: file });
    return call('POST', '/api/Media/', { payload: body.payload, headers: body.headers, token: as });
  };
  const dockCallback = (objectKey: string, name: string, metadata: Record<string, unknown> = {}) =>
    dock.event('file_upload_callback', {
      file: {
        object_key: objectKey,
        path: 'DJI_202601011200_001',
        name,
        ext: { flight_id: FLIGHT_ID, drone_model_key: '0-91-0', payload_model_key: '1-81-0', is_original: true },
        metadata: { gimbal_yaw_degree: 10, absolute_altitude: 120, relative_altitude: 80, shoot_position: { lat: 22.6, lng: 114.1 }, ...metadata },
        cloud_to_cloud_id: 'DEFAULT',
      },
      flight_task: { uploaded_file_count: 1, expected_file_count: 3, flight_type: 0 },
    });

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 }, { TASK_SCHEDULER_INTERVAL_MS: '0' });
    token = await loginToken(server);
    projectId = (await api(server, token, 'POST', '/api/Project/', { name: 'media', status: 'active' })).data.id as number;
    const { secret } = await registerDock(server, token, DOCK_SN);
    dock = await TestGateway.connect(server.wsUrl, DOCK_SN, DOCK_SN, secret);
    await dock.topo(DOCK, [aircraft(AIRCRAFT_SN)]);
    const aircraftId = (await db().selectFrom('devices').select('id').where('serial', '=', AIRCRAFT_SN).executeTakeFirstOrThrow()).id;
    taskId = (await api(server, token, 'POST', '/api/Task/', { name: 'media task', project_id: projectId, device_id: aircraftId, kind: 'inspection' })).data
      .id as number;
    // As a dispatch leaves it: the task claimed by its DJI flight_id through the dock.
    await db().updateTable('tasks').set({ flight_id: FLIGHT_ID, gateway_sn: DOCK_SN, started_at: new Date().toISOString() }).where('id', '=', taskId).execute();
  }, 120_000);
  afterAll(async () => {
    await dock?.end();
    await server?.close();
  });

  describe('dock', () => {
    let answer: StorageConfig;

    it('answers storage_config_get with credentials for the project prefix only', async () => {
      const reply = await dock.request('storage_config_get', { module: 0 });
      expect(reply.data.result).toBe(0);
      answer = reply.data.output as unknown as StorageConfig;
      expect(answer).toMatchObject({ bucket: 'skyline-media', provider: 'minio', object_key_prefix: `media/${projectId}/`, region: 'us-east-1' });
      const device = deviceClient(answer);
      await device.send(new PutObjectCommand({ Bucket: answer.bucket, Key: `media/${projectId}/DJI_0001_T.JPG`, Body: H20T }));
      await expect(device.send(new PutObjectCommand({ Bucket: answer.bucket, Key: `media/${projectId + 1}/x.JPG`, Body: H20T }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      expect(await store().head(`media/${projectId + 1}/x.JPG`)).toBeNull();
    });

    it('makes the media row from file_upload_callback: the file’s metadata, the task of its flight_id, the aircraft', async () => {
      const reply = await dockCallback(`media/${projectId}/DJI_0001_T.JPG`, 'DJI_0001_T.JPG', { create_time: '2026-01-01 12:00:00' });
      expect(reply.data.result).toBe(0);
      const [row] = await rows();
      expect(row).toMatchObject({
        project_id: projectId,
        task_id: taskId,
        device_sn: AIRCRAFT_SN,
        gateway_sn: DOCK_SN,
        flight_id: FLIGHT_ID,
        source: 'dock',
        type: 'photo',
        lens: 'ir',
        drone_model: '0-91-0',
        payload_model: '1-81-0',
        // From the file's XMP, not the callback.
        lat: 51.3661299,
        lng: 12.3089511,
        gimbal_yaw: 6,
        taken_at: '2022-06-02T14:35:32.000Z',
      });
    });

    it('takes what the file lacks from the callback, with created_time or create_time', async () => {
      const device = deviceClient(answer);
      // A PNG carries no EXIF: everything comes from the callback.
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
      await device.send(new PutObjectCommand({ Bucket: answer.bucket, Key: `media/${projectId}/pano.png`, Body: png }));
      expect((await dockCallback(`media/${projectId}/pano.png`, 'pano.png', { created_time: '2026-01-01T12:00:00+08:00' })).data.result).toBe(0);
      const row = (await rows()).find((r) => r.name === 'pano.png');
      expect(row).toMatchObject({ lat: 22.6, lng: 114.1, absolute_alt: 120, relative_alt: 80, gimbal_yaw: 10, taken_at: '2026-01-01T04:00:00.000Z' });
    });

    it('refuses a callback for an object that does not exist, or lies outside the workspace, and stores nothing', async () => {
      const before = (await rows()).length;
      expect((await dockCallback(`media/${projectId}/missing.JPG`, 'missing.JPG')).data.result).not.toBe(0);
      expect((await dockCallback(`media/${projectId + 1}/x.JPG`, 'x.JPG')).data.result).not.toBe(0);
      expect((await rows()).length).toBe(before);
    });

    it('refuses a file that is no photo or video and removes its object', async () => {
      const device = deviceClient(answer);
      await device.send(new PutObjectCommand({ Bucket: answer.bucket, Key: `media/${projectId}/notes.JPG`, Body: Buffer.from('%PDF-1.7 not a photo') }));
      expect((await dockCallback(`media/${projectId}/notes.JPG`, 'notes.JPG')).data.result).not.toBe(0);
      expect(await store().head(`media/${projectId}/notes.JPG`)).toBeNull();
    });

    it('stores the same bytes once: a second upload’s object is removed, the callback still succeeds', async () => {
      const device = deviceClient(answer);
      await device.send(new PutObjectCommand({ Bucket: answer.bucket, Key: `media/${projectId}/again_T.JPG`, Body: H20T }));
      const before = (await rows()).length;
      expect((await dockCallback(`media/${projectId}/again_T.JPG`, 'again_T.JPG')).data.result).toBe(0);
      expect((await rows()).length).toBe(before);
      expect(await store().head(`media/${projectId}/again_T.JPG`)).toBeNull();
    });
  });

  describe('dock callbacks at once (off the device link’s queue)', () => {
    const DOCK2_SN = 'DOCK-MEDIA2';
    const AIRCRAFT2_SN = 'AC-MEDIA2';
    let dock2: TestGateway;
    let answer: StorageConfig;
    const put = (key: string, body: Buffer) => deviceClient(answer).send(new PutObjectCommand({ Bucket: answer.bucket, Key: key, Body: body }));
    const callbackOf = (gateway: TestGateway, key: string) =>
      gateway.event('file_upload_callback', {
        file: { object_key: key, path: 'p', name: key.split('/').pop(), ext: { is_original: true }, metadata: {}, cloud_to_cloud_id: 'DEFAULT' },
        flight_task: { uploaded_file_count: 1, expected_file_count: 1, flight_type: 0 },
      });
    const rowsOf = (key: string) => db().selectFrom('media').selectAll().where('object_key', '=', key).execute();

    /** Holds the store's reads of `keys` (each ask counted) until `release`; `asked(n)` resolves once n of them were asked. */
    const holdReads = (keys: string[]) => {
      const store = server.app.media!.store;
      const read = store.read.bind(store);
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const waiters: { n: number; resolve: () => void }[] = [];
      let count = 0;
      jest.spyOn(store, 'read').mockImplementation(async (key, maxBytes) => {
        if (keys.includes(key)) {
          count++;
          for (const waiter of waiters.filter((w) => w.n <= count)) waiter.resolve();
          await released;
        }
        return read(key, maxBytes);
      });
      const asked = (n: number) => new Promise<void>((resolve) => (count >= n ? resolve() : waiters.push({ n, resolve })));
      return { asked, release };
    };

    beforeAll(async () => {
      const { secret } = await registerDock(server, token, DOCK2_SN);
      dock2 = await TestGateway.connect(server.wsUrl, DOCK2_SN, DOCK2_SN, secret);
      await dock2.topo(DOCK, [aircraft(AIRCRAFT2_SN)]);
      const aircraftId = (await db().selectFrom('devices').select('id').where('serial', '=', AIRCRAFT2_SN).executeTakeFirstOrThrow()).id;
      const task = (await api(server, token, 'POST', '/api/Task/', { name: 'media task 2', project_id: projectId, device_id: aircraftId, kind: 'inspection' }))
        .data;
      await db()
        .updateTable('tasks')
        .set({ gateway_sn: DOCK2_SN })
        .where('id', '=', task.id as number)
        .execute();
      answer = (await dock.request('storage_config_get', { module: 0 })).data.output as unknown as StorageConfig;
    });
    afterEach(() => jest.restoreAllMocks());
    afterAll(() => dock2?.end());

    it('a callback whose file the store is slow to give holds no other: another dock’s OSD and callback are applied meanwhile', async () => {
      const slowKey = `media/${projectId}/slow_T.JPG`;
      const fastKey = `media/${projectId}/fast_T.JPG`;
      await put(slowKey, Buffer.concat([H20T, Buffer.from('slow')]));
      await put(fastKey, Buffer.concat([H20T, Buffer.from('fast')]));
      const hold = holdReads([slowKey]);
      const slow = callbackOf(dock, slowKey);
      await hold.asked(1);

      dock2.osd(AIRCRAFT2_SN, aircraftOsd());
      expect((await callbackOf(dock2, fastKey)).data.result).toBe(0);
      expect(await rowsOf(fastKey)).toHaveLength(1);
      await dock2.flush();
      expect(await server.app.mqtt!.gateway.currentLive(AIRCRAFT2_SN)).toBeDefined();
      expect(await rowsOf(slowKey)).toHaveLength(0);

      hold.release();
      expect((await slow).data.result).toBe(0);
      expect(await rowsOf(slowKey)).toHaveLength(1);
    });

    it('stores the same bytes once when two docks call back at once, and a callback sent twice at once once', async () => {
      const bytes = Buffer.concat([XT2, Buffer.from('race')]);
      const [first, second, twice] = ['race_a_R.JPG', 'race_b_R.JPG', 'twice_R.JPG'].map((name) => `media/${projectId}/${name}`);
      await put(first, bytes);
      await put(second, bytes);
      await put(twice, Buffer.concat([XT2, Buffer.from('twice')]));
      const hold = holdReads([first, second, twice]);
      const replies = Promise.all([callbackOf(dock, first), callbackOf(dock2, second), callbackOf(dock, twice), callbackOf(dock, twice)]);
      // All four are read at once before any of them goes on.
      await hold.asked(4);
      hold.release();
      expect((await replies).map((reply) => reply.data.result)).toEqual([0, 0, 0, 0]);

      const fingerprint = createHash('md5').update(bytes).digest('hex');
      const stored = await db().selectFrom('media').select('object_key').where('fingerprint', '=', fingerprint).execute();
      expect(stored).toHaveLength(1);
      const loser = stored[0].object_key === first ? second : first;
      expect(await store().head(stored[0].object_key)).not.toBeNull();
      expect(await store().head(loser)).toBeNull();
      expect(await rowsOf(twice)).toHaveLength(1);
      expect(await store().head(twice)).not.toBeNull();
    });
  });

  it('asks the dock to upload a task’s media first (upload_flighttask_media_prioritize), and answers its own request for it', async () => {
    const asked = new Promise<Record<string, unknown>>((resolve) =>
      dock.client.on('message', (topic, payload) => {
        if (topic !== servicesTopic(DOCK_SN)) return;
        const message = JSON.parse(payload.toString()) as { method: string; data: Record<string, unknown> };
        if (message.method !== 'upload_flighttask_media_prioritize') return;
        dock.client.publish(replyTopic(servicesTopic(DOCK_SN)), JSON.stringify({ ...message, timestamp: Date.now(), data: { result: 0 } }), { qos: 1 });
        resolve(message.data);
      }),
    );
    const response = await call('POST', '/api/Media/prioritize/', { payload: { task_id: taskId } });
    expect(response.json()).toMatchObject({ code: 200, data: { task_id: taskId, flight_id: FLIGHT_ID } });
    expect(await asked).toEqual({ flight_id: FLIGHT_ID });
    expect((await dock.event('highest_priority_upload_flighttask_media', { flight_id: FLIGHT_ID })).data.result).toBe(0);
  });

  describe('Pilot 2 (X-Auth-Token, DJI answer shape)', () => {
    const pilot = (route: string, payload?: unknown, auth: string | null = token) =>
      server.app.inject({
        method: 'POST',
        url: route,
        headers: auth ? { 'x-auth-token': auth } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('walks tiny-fingerprints → fast-upload → sts → upload → upload-callback → group-upload-callback', async () => {
      const ws = `/media/api/v1/workspaces/${projectId}`;
      const tiny = await pilot(`${ws}/files/tiny-fingerprints`, { tiny_fingerprints: ['abc_2026_1_1_12_0_0'] });
      expect(tiny.json()).toEqual({ code: 0, message: 'success', data: { tiny_fingerprints: [] } });
      const fingerprint = (await import('node:crypto')).createHash('md5').update(MAVIC).digest('hex');
      const fast = await pilot(`${ws}/fast-upload`, { fingerprint, name: 'DJI_0010.JPG', ext: { tinny_fingerprint: 'abc_2026_1_1_12_0_0' } });
      expect(fast.json().code).not.toBe(0);
      const sts = await pilot(`/storage/api/v1/workspaces/${projectId}/sts`);
      expect(sts.json()).toMatchObject({ code: 0, data: { object_key_prefix: `media/${projectId}/` } });
      const answer = sts.json().data as StorageConfig;
      const key = `${answer.object_key_prefix}pilot/DJI_0010.JPG`;
      await deviceClient(answer).send(new PutObjectCommand({ Bucket: answer.bucket, Key: key, Body: MAVIC }));
      const callback = await pilot(`${ws}/upload-callback`, {
        result: 0,
        name: 'DJI_0010.JPG',
        object_key: key,
        fingerprint,
        ext: { drone_model_key: '0-67-0', payload_model_key: '1-53-0', is_original: true, tinny_fingerprint: 'abc_2026_1_1_12_0_0', sn: 'PILOT-AC1' },
        metadata: { created_time: '2018-03-26T17:41:41+00:00' },
      });
      expect(callback.json()).toEqual({ code: 0, message: 'success', data: { object_key: key } });
      expect((await rows()).find((r) => r.object_key === key)).toMatchObject({ source: 'pilot', device_sn: 'PILOT-AC1', payload_model: '1-53-0' });
      expect((await pilot(`${ws}/files/tiny-fingerprints`, { tiny_fingerprints: ['abc_2026_1_1_12_0_0'] })).json().data).toEqual({
        tiny_fingerprints: ['abc_2026_1_1_12_0_0'],
      });
      expect((await pilot(`${ws}/fast-upload`, { fingerprint })).json()).toMatchObject({ code: 0 });
      expect((await pilot(`${ws}/group-upload-callback`, { file_group_id: 'g1', file_count: 1, file_uploaded_count: 1 })).json()).toMatchObject({ code: 0 });
    });

    it('refuses without a token, a callback for a missing object, and one outside the workspace', async () => {
      const ws = `/media/api/v1/workspaces/${projectId}`;
      expect((await pilot(`/storage/api/v1/workspaces/${projectId}/sts`, undefined, null)).statusCode).toBe(401);
      const missing = await pilot(`${ws}/upload-callback`, { name: 'a.JPG', object_key: `media/${projectId}/nothing.JPG` });
      expect(missing.json()).toMatchObject({ code: 404, data: { code: 'media.object_missing' } });
      const outside = await pilot(`${ws}/upload-callback`, { name: 'a.JPG', object_key: `media/${projectId + 5}/a.JPG` });
      expect(outside.json()).toMatchObject({ code: 400, data: { code: 'media.outside_workspace' } });
    });
  });

  describe('by hand and the API', () => {
    let mediaId: number;

    it('uploads a photo with its metadata, lists it with filters, and makes its thumbnail off the request path', async () => {
      const created = await upload(M2EA, 'IR_20220602140425.JPG');
      expect(created.statusCode).toBe(201);
      const item = created.json().data.item;
      mediaId = item.id;
      expect(item).toMatchObject({
        type: 'photo',
        lens: 'ir',
        lat: 23.1086535,
        lng: 120.2585085,
        relative_alt: 39.04,
        project_id: projectId,
        source: 'upload',
      });
      await server.app.media!.thumbnails.idle();
      const list = await call(
        'GET',
        `/api/Media/?project_id=${projectId}&lens=ir&bbox=120,23,121,24&taken_from=2022-06-02T00:00:00Z&taken_to=2022-06-03T00:00:00Z`,
      );
      expect(list.json().data.items.map((m: { id: number }) => m.id)).toEqual([mediaId]);
      const [listed] = list.json().data.items;
      expect(listed.thumb_status).toBe('ready');
      const thumb = await call('GET', listed.thumb_url, { token: null });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect(thumb.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((await call('GET', `/api/Media/?project_id=${projectId}&lens=wide`)).json().data.items.some((m: { id: number }) => m.id === mediaId)).toBe(false);
    });

    it('serves the original by a signed address (ranges for video), not by a forged one', async () => {
      const item = (await call('GET', `/api/Media/${mediaId}/`)).json().data;
      const file = await call('GET', item.url, { token: null });
      expect(file.rawPayload.equals(M2EA)).toBe(true);
      expect((await call('GET', item.url.replace(/sig=[^&]+/, 'sig=forged'), { token: null })).statusCode).toBe(401);
      const video = (await upload(VIDEO, 'DJI_20250723102139_0001_D.MP4')).json().data.item;
      expect(video.type).toBe('video');
      const ranged = await call('GET', `/api/Media/${video.id}/file/`, { headers: { range: 'bytes=100-199' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 100-199/${VIDEO.length}`);
      expect(ranged.rawPayload.equals(VIDEO.subarray(100, 200))).toBe(true);
      await server.app.media!.thumbnails.idle();
      expect((await call('GET', `/api/Media/${video.id}/`)).json().data.thumb_status).toBe('ready');
    });

    it('answers a duplicate with the stored row, and refuses non-media, lying names and oversize files', async () => {
      const again = await upload(M2EA, 'copy.JPG');
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ duplicate: true, item: { id: mediaId } });
      expect((await upload(Buffer.from('%PDF-1.7'), 'report.pdf')).json()).toMatchObject({ code: 400, error_code: 'media.not_media' });
      expect((await upload(XT2, 'clip.mp4')).json()).toMatchObject({ code: 400, error_code: 'media.type_mismatch' });
      const service = server.app.media!;
      const limit = service.maxBytes;
      Object.assign(service, { maxBytes: 1000 });
      try {
        expect((await upload(XT2, 'DJI_0587_R.JPG')).json()).toMatchObject({ code: 400, error_code: 'upload.too_large' });
      } finally {
        Object.assign(service, { maxBytes: limit });
      }
      const listed = [];
      for await (const o of store().list(`media/${projectId}/`)) listed.push(o.key);
      expect(listed.length).toBe((await rows()).length);
    });

    it('keeps a photo with malformed metadata without it, saying why', async () => {
      const xmp = Buffer.from(
        'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" drone-dji:GpsLatitude="north" drone-dji:GpsLongitude="12.5"/></rdf:RDF></x:xmpmeta>',
        'latin1',
      );
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, (xmp.length + 2) >> 8, (xmp.length + 2) & 0xff]), xmp, Buffer.from([0xff, 0xd9])]);
      const created = await upload(jpeg, 'broken.jpg');
      expect(created.statusCode).toBe(201);
      expect(created.json().data.item).toMatchObject({ lat: null, metadata_error: 'malformed metadata: GpsLatitude' });
    });

    it('zips a selection by a signed address for exactly those ids, each file as stored', async () => {
      const items = (await call('GET', `/api/Media/?project_id=${projectId}&page_size=100`)).json().data.items as { id: number }[];
      const ids = items.slice(0, 3).map((i) => i.id);
      expect(ids.length).toBe(3);
      const signed = await call('POST', '/api/Media/archive/', { payload: { ids } });
      expect(signed.statusCode).toBe(200);
      const { url } = signed.json().data as { url: string };
      const zip = await call('GET', url, { token: null });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const entries = unzipSync(new Uint8Array(zip.rawPayload));
      // In id order, each under its own name (a repeated name gets " (2)").
      const stored = (await rows()).filter((r) => ids.includes(r.id));
      const names = uniqueNames(stored.map((r) => r.name));
      expect(Object.keys(entries).sort()).toEqual([...names].sort());
      for (const [i, row] of stored.entries()) expect(Buffer.from(entries[names[i]]).equals(await store().getBuffer(row.object_key))).toBe(true);
      // The signature covers the ids: another selection, or a forged signature, is refused.
      expect((await call('GET', url.replace(/ids=[^&]+/, `ids=${ids[0]}`), { token: null })).json()).toMatchObject({
        code: 403,
        error_code: 'media.link_invalid',
      });
      expect((await call('GET', url.replace(/sig=[^&]+/, 'sig=forged'), { token: null })).statusCode).toBe(403);
      // A selection with a row that does not exist signs nothing.
      expect((await call('POST', '/api/Media/archive/', { payload: { ids: [...ids, 999_999] } })).json()).toMatchObject({
        code: 404,
        error_code: 'common.row_not_found',
      });
    });

    it('shows a user only the media of its data scope', async () => {
      const role = (await api(server, token, 'GET', '/api/Role/?search=operator')).data.items!.find((r) => r.code === 'operator')!;
      // Operators see their department's rows: this one's department has no media.
      const dept = (await api(server, token, 'POST', '/api/Dept/', { name: '媒体隔离队' })).data as { id: number };
      expect(
        (
          await api(server, token, 'POST', '/api/User/', {
            username: 'media-op',
            name: 'op',
            password: 'media-op-Pass-1',
            role_ids: [role.id],
            dept_id: dept.id,
          })
        ).status,
      ).toBe(200);
      const other = await loginToken(server, 'media-op', 'media-op-Pass-1');
      expect((await call('GET', '/api/Media/', { token: other })).json().data.total).toBe(0);
      expect((await call('GET', `/api/Media/${mediaId}/`, { token: other })).statusCode).toBe(404);
      expect((await call('GET', `/api/Media/${mediaId}/file/`, { token: other })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/Media/${mediaId}/`, { token: other })).statusCode).toBe(404);
      expect((await call('POST', '/api/Media/archive/', { token: other, payload: { ids: [mediaId] } })).statusCode).toBe(404);
      expect((await upload(MAVIC, 'DJI_0010.JPG', projectId, other)).statusCode).toBe(404);
      const pilotSts = await server.app.inject({ method: 'POST', url: `/storage/api/v1/workspaces/${projectId}/sts`, headers: { 'x-auth-token': other } });
      expect(pilotSts.statusCode).toBe(404);
    });

    it('deletes a row with its object and thumbnail', async () => {
      const row = (await rows()).find((r) => r.id === mediaId)!;
      expect((await call('DELETE', `/api/Media/${mediaId}/`)).statusCode).toBe(200);
      expect(await store().head(row.object_key)).toBeNull();
      expect(await store().head(row.thumb_key!)).toBeNull();
      expect((await call('GET', `/api/Media/${mediaId}/`)).statusCode).toBe(404);
    });
  });

  it('sweeps half-stored media: objects without a row, rows without an object', async () => {
    await store().put(`media/${projectId}/orphan.JPG`, MAVIC, 'image/jpeg');
    const victim = (await rows())[0];
    await store().delete(victim.object_key);
    const result = await sweepMedia(db(), store(), 0);
    expect(result.objectsRemoved).toEqual([`media/${projectId}/orphan.JPG`]);
    expect(result.rowsRemoved).toEqual([victim.id]);
    // Young objects stay: their callback may still be on its way.
    await store().put(`media/${projectId}/young.JPG`, MAVIC, 'image/jpeg');
    expect((await sweepMedia(db(), store(), 60_000)).objectsRemoved).toEqual([]);
  });
});
