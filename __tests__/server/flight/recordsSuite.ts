import { randomBytes } from 'node:crypto';
import type { Report } from '@shared/entities/airspace';
import type { RecordedFlight } from '../../../server/flightRecords/recorder';
import { assertPostgres, dropSchema, PG_URL, type Dialect } from '../api/harness';
import { aircraft, aircraftOsd, api, pilotCredentials, RC, TestGateway } from '../mqtt/dji';
import { loginToken, startServer, within, type TestServer } from '../mqtt/support';

const ORIGIN = { latitude: 22.6, longitude: 114.1 };

/** Ground → climb → a 20-report leg east → descent → ground, as an aircraft's OSD `data`. */
function flightReports(): Array<Record<string, unknown>> {
  const at = (i: number, extra: Record<string, unknown>) => aircraftOsd({ ...ORIGIN, longitude: ORIGIN.longitude + i * 0.0001, ...extra });
  const battery = (pct: number) => ({ battery: { capacity_percent: pct, remain_flight_time: 900 } });
  return [
    ...[0, 0, 0].map(() => at(0, { mode_code: 0, elevation: 0, horizontal_speed: 0, ...battery(90) })),
    at(0, { mode_code: 4, elevation: 5, horizontal_speed: 0, ...battery(90) }),
    ...Array.from({ length: 20 }, (_, i) => at(i, { mode_code: 5, elevation: i === 10 ? 62 : 40, horizontal_speed: 10, ...battery(89 - i) })),
    at(19, { mode_code: 10, elevation: 10, horizontal_speed: 0, ...battery(69) }),
    ...[0, 0, 0, 0].map(() => at(19, { mode_code: 0, elevation: 0, horizontal_speed: 0, ...battery(68) })),
  ];
}

/** Automatic flight records, the report API and its exports, on one database dialect. */
export function runFlightRecordSuite(dialect: Dialect): void {
  let server: TestServer;
  let schema: string | undefined;
  let token: string;
  let pilot: TestGateway;
  let auto: Report;
  let manualId: number;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {};
    if (dialect === 'postgres') {
      await assertPostgres();
      schema = `flight_${process.pid}_${randomBytes(4).toString('hex')}`;
      env.DATABASE_URL = `${PG_URL}?schema=${schema}`;
    }
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 }, env);
    token = await loginToken(server);
    const { username, password } = await pilotCredentials(server, token);
    pilot = await TestGateway.connect(server.wsUrl, 'RC-FR1', username, password);
    expect((await pilot.topo(RC, [aircraft('AC-FR1')])).data).toEqual({ result: 0 });
  });
  afterAll(async () => {
    await pilot?.end();
    await server?.close();
    if (schema) await dropSchema(schema);
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('a flight heard over MQTT becomes one automatic record with its task, pilot, figures and track', async () => {
    const db = server.app.db;
    const device = await db.selectFrom('devices').select('id').where('serial', '=', 'AC-FR1').executeTakeFirstOrThrow();
    const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const task = await db
      .insertInto('tasks')
      .values({
        name: 'Survey',
        project_id: project.id,
        device_id: device.id,
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
    const recorded = new Promise<RecordedFlight>((resolve) => server.app.flightRecords!.onRecorded(resolve));
    for (const data of flightReports()) pilot.osd('AC-FR1', data);
    const record = await within(recorded, 5000, 'the flight record');
    expect(Date.now() - record.detectedAt).toBeLessThan(1000);

    const list = await api(server, token, 'GET', `/api/Airspace/Report/?device_id=${device.id}`);
    expect(list.data.items).toHaveLength(1);
    auto = list.data.items![0] as unknown as Report;
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(auto).toMatchObject({
      id: record.id,
      source: 'auto',
      corrected: false,
      device_sn: 'AC-FR1',
      gateway_sn: 'RC-FR1',
      task_id: task.id,
      project_id: project.id,
      // The task names no pilot: the one signed in to Pilot 2 on the RC flew it.
      pilot_id: admin.id,
      max_alt: 62,
      // The landing is the first ground report (68 %).
      battery_used_pct: 90 - 68,
      takeoff_lat: ORIGIN.latitude,
      takeoff_lng: ORIGIN.longitude,
    });
    expect(auto.landing_lng).toBeCloseTo(ORIGIN.longitude + 0.0019, 7);
    // 19 steps of 0.0001° of longitude at 22.6° N ≈ 195 m.
    expect(auto.distance_m).toBeGreaterThan(190);
    expect(auto.distance_m).toBeLessThan(200);
    const positions = auto.track!.coordinates;
    expect(positions.length).toBeGreaterThanOrEqual(3);
    expect(positions.some((p) => p[2] === 62)).toBe(true);
    expect(auto.track_times).toHaveLength(positions.length);
    expect(auto.samples!.speed).toHaveLength(positions.length);
    expect(auto.samples!.battery).toHaveLength(positions.length);
  });

  it('the list filters by device and source; a hand-typed report is manual; editing an automatic one marks it corrected', async () => {
    const device = auto.device_id;
    const manual = await api(server, token, 'POST', '/api/Airspace/Report/', {
      device_id: device,
      takeoff_at: '2026-01-05T08:00:00Z',
      landing_at: '2026-01-05T08:20:00Z',
      distance_m: 1200,
      max_alt: 80,
    });
    expect(manual.status).toBe(200);
    expect(manual.data).toMatchObject({ source: 'manual', corrected: false, duration_s: 1200 });
    manualId = manual.data.id as number;
    const bySource = await api(server, token, 'GET', `/api/Airspace/Report/?device_id=${device}&source=auto`);
    expect(bySource.data.items!.map((r) => r.id)).toEqual([auto.id]);
    expect((await api(server, token, 'GET', `/api/Airspace/Report/?device_id=${device + 999}`)).data.items).toEqual([]);

    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/Airspace/Report/${auto.id}/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { max_alt: 63 },
    });
    expect(edited.json().data).toMatchObject({ source: 'auto', corrected: true, max_alt: 63 });
    // The times and chart samples still match the untouched track.
    expect(edited.json().data.track_times).toHaveLength(auto.track!.coordinates.length);

    const day = (iso: string) => iso.slice(0, 10);
    const stats = await api(server, token, 'GET', `/api/chartinfo/?from=2026-01-05&to=${day(auto.takeoff_at)}&device_id=${device}`);
    expect((stats.data.totals as { flights: number }).flights).toBe(2);
  });

  it('exports a record as GeoJSON, KML and CSV, with spreadsheet formulas neutralised', async () => {
    await server.app.db.updateTable('devices').set({ name: '=HYPERLINK("http://evil.example","x")' }).where('id', '=', auto.device_id).execute();
    const geojson = await get(`/api/Airspace/Report/${auto.id}/geojson/`);
    expect(geojson.statusCode).toBe(200);
    expect(geojson.headers['content-type']).toContain('application/geo+json');
    expect(geojson.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="flight-${auto.id}-\\d{4}-\\d{2}-\\d{2}\\.geojson"`));
    const collection = geojson.json();
    expect(collection.features[0].geometry).toEqual(auto.track);
    expect(collection.features[0].properties).toMatchObject({ id: auto.id, source: 'auto', distance_m: auto.distance_m });
    expect(collection.features[0].properties.times).toHaveLength(auto.track!.coordinates.length);

    const kml = await get(`/api/Airspace/Report/${auto.id}/kml/`);
    expect(kml.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
    const first = auto.track!.coordinates[0];
    expect(kml.body).toContain(`<coordinates>${first[0]},${first[1]},${first[2]} `);
    expect(kml.body).toContain('=HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;)');

    const csv = await get(`/api/Airspace/Report/${auto.id}/csv/`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,lng,lat,alt_m,speed_mps,battery_pct,device');
    expect(lines).toHaveLength(auto.track!.coordinates.length + 1);
    expect(lines[1]).toContain(`${new Date(auto.track_times![0]).toISOString()},${first[0]},${first[1]},${first[2]}`);
    // The device name starts like a formula: the cell is prefixed with ' (and quoted for its commas).
    expect(lines[1].endsWith(`"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
  });

  it('an export of an unknown record, a record without a track or an unknown format is refused with a reason', async () => {
    const missing = await get('/api/Airspace/Report/999999/kml/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 'flight.not_found', params: { id: 999999 } });
    const id = manualId;
    const noTrack = await get(`/api/Airspace/Report/${id}/csv/`);
    expect(noTrack.statusCode).toBe(409);
    expect(noTrack.json()).toMatchObject({ error_code: 'flight.no_track', params: { id } });
    expect((await get(`/api/Airspace/Report/${auto.id}/xlsx/`)).statusCode).toBe(400);
  });
}
