import { type Dialect } from './harness';
import { useTestApi } from './testApi';

const HOUR = 3_600_000;
/** A whole hour `days` days (+ `hours`) from now, in UTC: far enough ahead for the routine lead time. */
const ahead = (days: number, hours = 0) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + days * 24 * HOUR + hours * HOUR).toISOString();
/** A ~1 km square at (lng, lat), away from the demo's Shenzhen features. */
const square = (lng: number, lat: number, size = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + size, lat],
      [lng + size, lat + size],
      [lng, lat + size],
      [lng, lat],
    ],
  ],
});

describe.each<Dialect>(['sqlite', 'postgres'])('airspace rules API (%s)', (dialect) => {
  const testApi = useTestApi(dialect);
  const { call } = testApi;
  // operator1 (department 2) names its department's aircraft (devices 2, 5, 8, 11…; data scope).
  const application = (over: Record<string, unknown> = {}) => ({
    device_id: 5,
    area: square(120, 30),
    min_alt: 0,
    max_alt: 100,
    start_at: ahead(3),
    end_at: ahead(3, 4),
    purpose: 'inspection',
    ...over,
  });
  /** Creates and submits an application; returns the submitted (or auto-decided) row. */
  const submit = async (over: Record<string, unknown> = {}, as = 'operator1') => {
    const created = await call('POST', '/api/Airspace/Apply/', as, application(over));
    expect(created.status).toBe(200);
    const submitted = await call('POST', `/api/Airspace/Apply/${created.body.data.id}/submit/`, as, {});
    expect(submitted.status).toBe(200);
    return submitted.body.data;
  };

  it('serves the rule numbers the console checks with', async () => {
    const rules = (await call('GET', '/api/Airspace/Rules/', 'viewer1')).body.data;
    expect(rules).toMatchObject({ timeZone: 'Asia/Shanghai', autoApproveCeilingM: 120, ceilingM: { routine: 300, emergency: 500 } });
  });

  it.each<[string, Record<string, unknown>, string, string, Record<string, unknown>]>([
    [
      'a self-intersecting area',
      {
        area: {
          type: 'Polygon',
          coordinates: [
            [
              [120, 30],
              [120.01, 30.01],
              [120.01, 30],
              [120, 30.01],
              [120, 30],
            ],
          ],
        },
      },
      'area',
      'airspace.area_self_intersecting',
      {},
    ],
    ['an area over 100 km²', { area: square(120, 30, 0.2) }, 'area', 'airspace.area_too_large', { max_km2: 100 }],
    ['min_alt not below max_alt', { min_alt: 80, max_alt: 80 }, 'max_alt', 'airspace.altitude_order', {}],
    ['max_alt above the ceiling', { max_alt: 350 }, 'max_alt', 'airspace.altitude_ceiling', { ceiling: 300 }],
    ['a window in the past', { start_at: ahead(-1), end_at: ahead(-1, 2) }, 'start_at', 'airspace.window_past', {}],
    ['a window over 24 h', { end_at: ahead(4, 1) }, 'end_at', 'airspace.window_too_long', { max_hours: 24 }],
    ['end before start', { end_at: ahead(2) }, 'end_at', 'airspace.window_order', {}],
    ['a dock named', { device_id: 23 }, 'device_id', 'airspace.device_not_aircraft', { kind: 'dock' }],
    ['a remote controller named', { device_id: 26 }, 'device_id', 'airspace.device_not_aircraft', { kind: 'remote_controller' }],
  ])('400 for %s, naming the rule', async (_name, over, field, code, params) => {
    const before = (await call('GET', '/api/Airspace/Apply/', 'admin')).body.data.total;
    const response = await call('POST', '/api/Airspace/Apply/', 'operator1', application(over));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: code, params });
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    expect((await call('GET', '/api/Airspace/Apply/', 'admin')).body.data.total).toBe(before);
  });

  it('rechecks every rule when a draft is edited', async () => {
    const draft = (await call('POST', '/api/Airspace/Apply/', 'operator1', application({ area: square(120.1, 30) }))).body.data;
    const edited = await call('PATCH', `/api/Airspace/Apply/${draft.id}/`, 'operator1', { max_alt: 400 });
    expect(edited.body).toMatchObject({ error_code: 'airspace.altitude_ceiling' });
    expect(edited.status).toBe(400);
  });

  it('approves a clean, timely, low application at submit, by the system, with the reasons', async () => {
    const decided = await submit({ area: square(120.2, 30) });
    expect(decided).toMatchObject({ status: 'approved', decided_by_system: 1, late: 0, reviewer_id: null, review_reasons: [] });
    expect(decided.review_note).toMatch(/^Approved by the system: .*120 m auto-approval ceiling/);
  });

  it('sends to manual review what the auto-approval rules do not allow, and says why', async () => {
    expect(await submit({ area: square(120.3, 30), max_alt: 150 })).toMatchObject({
      status: 'submitted',
      decided_by_system: 0,
      review_reasons: ['above_auto_ceiling'],
    });
    const feature = await call('POST', '/api/Feature/', 'admin', { name: 'Test no-fly', category: 'no_fly_zone', geometry: square(120.41, 30) });
    expect(feature.status).toBe(200);
    expect(await submit({ area: square(120.4, 30) })).toMatchObject({ status: 'submitted', review_reasons: ['touches_restricted_area'] });
    // admin (headquarters) holds the airspace first; operator1 (another department) asks for the same area and hours.
    expect(await submit({ area: square(120.5, 30), device_id: 2 }, 'admin')).toMatchObject({ status: 'approved' });
    expect(await submit({ area: square(120.505, 30) })).toMatchObject({ status: 'submitted', review_reasons: ['overlaps_other_department'] });
    // Windows touching end to start do not overlap.
    expect(await submit({ area: square(120.505, 30), start_at: ahead(3, 4), end_at: ahead(3, 6) })).toMatchObject({ status: 'approved' });
  });

  it('flags a late application, never auto-approves it, and lets a reviewer approve it only with a note', async () => {
    const late = await submit({ area: square(120.6, 30), start_at: ahead(0, 2), end_at: ahead(0, 4) });
    expect(late).toMatchObject({ status: 'submitted', late: 1, review_reasons: ['late'] });
    const bare = await call('POST', `/api/Airspace/Apply/${late.id}/approve/`, 'admin', {});
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ error_code: 'airspace.late_needs_note' });
    expect((await call('POST', `/api/Airspace/Apply/${late.id}/approve/`, 'admin', { note: 'urgent bridge inspection' })).body.data).toMatchObject({
      status: 'approved',
      review_note: 'urgent bridge inspection',
      decided_by_system: 0,
    });
    // The same short notice is on time for an emergency mission (30 min ahead).
    expect(await submit({ area: square(120.7, 30), start_at: ahead(0, 2), end_at: ahead(0, 4), purpose_kind: 'emergency' })).toMatchObject({
      status: 'approved',
      late: 0,
      purpose_kind: 'emergency',
    });
  });

  describe('flight plans', () => {
    let approved: { id: number; start_at: string; end_at: string };
    let routeId: number;
    /**
     * A department-2 project without an area: routes must lie inside their project's area (project 1's is in Shenzhen),
     * and operator1, who files the plans (it may not write routes), sees only its department's routes (data scope).
     */
    let projectId: number;
    const plan = (over: Record<string, unknown> = {}) => ({
      application_id: approved.id,
      planned_start_at: ahead(3, 1),
      planned_end_at: ahead(3, 2),
      ...over,
    });
    const route = async (points: [number, number, number][]) => {
      const created = await call('POST', '/api/Route/', 'admin', {
        project_id: projectId,
        name: `route ${points.length} ${points[1][0]}`,
        waypoints: points.map(([lng, lat, alt]) => ({ lng, lat, alt, speed: 10 })),
      });
      expect(created.status).toBe(200);
      // The route is admin's (department 1) when admin writes it; it belongs to its project's department, as the demo's do.
      await testApi.server.handle.app.db.updateTable('routes').set({ dept_id: 2 }).where('id', '=', created.body.data.id).execute();
      return created.body.data.id as number;
    };

    beforeAll(async () => {
      const project = await call('POST', '/api/Project/', 'admin', { name: `Flight plans ${dialect}`, status: 'active', dept_id: 2 });
      expect(project.status).toBe(200);
      projectId = project.body.data.id;
      approved = await submit({ area: square(121, 30), device_id: 8 });
      expect(approved).toMatchObject({ status: 'approved' });
      routeId = await route([
        [121.001, 30.001, 50],
        [121.01, 30.005, 60], // on the east edge: inside
        [121.002, 30.009, 50],
      ]);
    });

    it('takes the aircraft from the application and accepts a route inside it', async () => {
      const filed = await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ route_id: routeId }));
      expect(filed.status).toBe(200);
      expect(filed.body.data).toMatchObject({ status: 'filed', device_id: 8 });
      expect((await call('DELETE', `/api/Airspace/Plan/${filed.body.data.id}/`, 'operator1')).status).toBe(200);
    });

    it.each<[string, () => Promise<Record<string, unknown>>, number, string, Record<string, unknown>]>([
      ['starting before the window', async () => plan({ planned_start_at: ahead(2, 23) }), 400, 'airspace.plan_starts_before_window', {}],
      ['ending after the window', async () => plan({ planned_end_at: ahead(3, 5) }), 400, 'airspace.plan_ends_after_window', { time: ahead(3, 5) }],
      ['another aircraft', async () => plan({ device_id: 11 }), 400, 'airspace.plan_device_mismatch', { device_id: 11, approved_device_id: 8 }],
      [
        'a waypoint outside the area',
        async () =>
          plan({
            route_id: await route([
              [121.001, 30.001, 50],
              [121.02, 30.001, 50],
            ]),
          }),
        400,
        'airspace.waypoint_outside_area',
        { index: 1 },
      ],
      [
        'a waypoint above the band',
        async () =>
          plan({
            route_id: await route([
              [121.001, 30.001, 50],
              [121.002, 30.002, 130],
            ]),
          }),
        400,
        'airspace.waypoint_altitude',
        { index: 1, alt: 130 },
      ],
    ])('refuses a plan %s, naming the rule', async (_name, body, status, code, params) => {
      const response = await call('POST', '/api/Airspace/Plan/', 'operator1', await body());
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ error_code: code, params });
    });

    it('409s a plan on an application that is not approved', async () => {
      const draft = (await call('POST', '/api/Airspace/Apply/', 'operator1', application({ area: square(121.1, 30) }))).body.data;
      const response = await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ application_id: draft.id }));
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ error_code: 'airspace.application_not_approved', params: { status: 'draft' } });
    });

    it('deconflicts against accepted plans; a reviewer may override with a note', async () => {
      const first = (await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ route_id: routeId }))).body.data;
      const second = (
        await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ route_id: routeId, planned_start_at: ahead(3, 1.5), planned_end_at: ahead(3, 2.5) }))
      ).body.data;
      expect(second.status).toBe('filed');
      expect((await call('POST', `/api/Airspace/Plan/${first.id}/accept/`, 'admin', {})).body.data.status).toBe('accepted');
      // Filing or accepting an overlapping volume now is a 409 naming the accepted plan.
      const refiled = await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ route_id: routeId }));
      expect(refiled.status).toBe(409);
      expect(refiled.body).toMatchObject({ error_code: 'airspace.plan_conflict', params: { ids: String(first.id) } });
      const accept = await call('POST', `/api/Airspace/Plan/${second.id}/accept/`, 'admin', {});
      expect(accept.status).toBe(409);
      expect(accept.body).toMatchObject({ error_code: 'airspace.plan_conflict', params: { ids: String(first.id) } });
      // Touching end to start is no conflict.
      expect(
        (await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ route_id: routeId, planned_start_at: ahead(3, 2), planned_end_at: ahead(3, 3) })))
          .status,
      ).toBe(200);
      expect((await call('POST', '/api/Airspace/Plan/', 'operator1', plan({ route_id: routeId, override: true, note: 'me' }))).status).toBe(403);
      expect((await call('POST', `/api/Airspace/Plan/${second.id}/accept/`, 'admin', { override: true })).body).toMatchObject({
        error_code: 'airspace.override_needs_note',
      });
      const overridden = await call('POST', `/api/Airspace/Plan/${second.id}/accept/`, 'admin', { override: true, note: 'same crew, sequenced on site' });
      expect(overridden.body.data).toMatchObject({ status: 'accepted', note: 'same crew, sequenced on site' });
      expect((await call('POST', `/api/Airspace/Plan/${first.id}/end/`, 'operator1', {})).body.data.status).toBe('ended');
    });
  });
});
