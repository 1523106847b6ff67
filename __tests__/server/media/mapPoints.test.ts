import { DEFECT_POINTS_MAX } from '@shared/entities/defect';
import { MEDIA_POINTS_MAX } from '@shared/entities/media';
import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { RECT, uploadPhoto } from './photoFixtures';

type Point = [number, number, number, string, boolean?];

/**
 * The maps of /Media and /Defect (docs/media.md "Console"): every file or defect of the list's filters as compact
 * points, capped with `truncated`, seen through the same data scope as the lists.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('map points of media and defects (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  const db = () => api.server.handle.app.db;
  /** Projects of two sibling departments: 'ours' (the operator's) and 'theirs'. */
  const project: Record<'ours' | 'theirs' | 'crowded', number> = { ours: 0, theirs: 0, crowded: 0 };
  const photo: Record<'ours' | 'theirs', number> = { ours: 0, theirs: 0 };
  const defect: Record<'ours' | 'theirs', number> = { ours: 0, theirs: 0 };
  let copy = 0;

  /** A copy of a row of the library (the bytes are not read again), where and when `extra` says. */
  const copyOf = async (mediaId: number, extra: { project_id?: number; lat: number | null; lng: number | null; taken_at?: string; name?: string }) => {
    const { id: _id, ...row } = await db().selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirstOrThrow();
    copy += 1;
    return { ...row, ...extra, object_key: `${row.object_key}.copy${copy}`, fingerprint: `${row.fingerprint}-${copy}`, has_defects: 0 };
  };
  const points = async (url: string, as = 'admin') => {
    const response = await call('GET', url, as);
    expect(response.status).toBe(200);
    return response.body.data as { points: Point[]; truncated: boolean };
  };
  const ids = async (url: string, as = 'admin') => (await points(url, as)).points.map(([id]) => id).sort((a, b) => a - b);

  beforeAll(async () => {
    const role = (await call('GET', '/api/Role/?search=operator', 'admin')).body.data.items.find((r: { code: string }) => r.code === 'operator');
    const dept = async (name: string) => (await call('POST', '/api/Dept/', 'admin', { name: `${name} ${dialect}` })).body.data.id as number;
    const [oursDept, theirsDept] = [await dept('地图一队'), await dept('地图二队')];
    for (const [key, deptId] of [
      ['ours', oursDept],
      ['theirs', theirsDept],
      ['crowded', oursDept],
    ] as const)
      project[key] = (await call('POST', '/api/Project/', 'admin', { name: `map ${key} ${dialect}`, status: 'active', dept_id: deptId })).body.data.id;
    for (const key of ['ours', 'theirs'] as const) {
      photo[key] = (await uploadPhoto(api, 'admin', project[key])).json().data.item.id;
      defect[key] = (
        await call('POST', '/api/Defect/', 'admin', { media_id: photo[key], region: RECT, severity: key === 'ours' ? 'high' : 'critical' })
      ).body.data.id;
    }
    await call('POST', '/api/User/', 'admin', { username: 'map-op', name: 'op', password: 'map-op-Pass-1', role_ids: [role.id], dept_id: oursDept });
    api.tokens.operator = (await api.login('map-op', 'map-op-Pass-1')).body.data.token;
  });

  it('answers every positioned file of the filters as [id, lat, lng, type, has_defects], leaving out those without a position', async () => {
    const { lat, lng } = (await call('GET', `/api/Media/${photo.ours}/`, 'admin')).body.data;
    const unplaced = await db()
      .insertInto('media')
      .values([await copyOf(photo.ours, { lat: null, lng: null }), await copyOf(photo.ours, { lat: 0, lng: 0 })])
      .returning('id')
      .execute();
    expect(unplaced).toHaveLength(2);
    expect(await api.total(`/api/Media/?project_id=${project.ours}`)).toBe(3);
    expect(await points(`/api/Media/points/?project_id=${project.ours}`)).toEqual({ points: [[photo.ours, lat, lng, 'photo', true]], truncated: false });
    // The list's filters and search narrow the points as they narrow the list.
    expect(await ids(`/api/Media/points/?project_id=${project.ours}&type=video`)).toEqual([]);
    expect(await ids(`/api/Media/points/?project_id=${project.ours}&has_defects=false`)).toEqual([]);
    expect(await ids(`/api/Media/points/?project_id=${project.ours}&search=DJI_0010`)).toEqual([photo.ours]);
    expect(await ids(`/api/Media/points/?project_id=${project.ours}&search=nothing-like-it`)).toEqual([]);
    expect(await ids(`/api/Media/points/?project_id=${project.ours}&bbox=${lng - 0.01},${lat - 0.01},${lng + 0.01},${lat + 0.01}`)).toEqual([photo.ours]);
    expect(await ids(`/api/Media/points/?project_id=${project.ours}&bbox=${lng + 0.01},${lat},${lng + 0.02},${lat + 0.01}`)).toEqual([]);
    expect((await call('GET', '/api/Media/points/?bbox=1,2,3', 'admin')).status).toBe(400);
  });

  it('shows another department’s media and defects to nobody outside its scope, by no filter', async () => {
    expect(await ids('/api/Media/points/')).toEqual(expect.arrayContaining([photo.ours, photo.theirs]));
    expect(await ids('/api/Media/points/', 'operator')).toEqual([photo.ours]);
    expect(await ids(`/api/Media/points/?project_id=${project.theirs}`, 'operator')).toEqual([]);
    expect(await ids('/api/Defect/points/')).toEqual(expect.arrayContaining([defect.ours, defect.theirs]));
    expect(await ids('/api/Defect/points/', 'operator')).toEqual([defect.ours]);
    expect(await ids(`/api/Defect/points/?project_id=${project.theirs}`, 'operator')).toEqual([]);
    expect(await ids('/api/Defect/points/?severity=critical', 'operator')).toEqual([]);
  });

  it('answers every positioned defect of the filters as [id, lat, lng, severity], the most severe first', async () => {
    const { lat, lng } = (await call('GET', `/api/Defect/${defect.ours}/`, 'admin')).body.data;
    const low = (await call('POST', '/api/Defect/', 'admin', { media_id: photo.ours, region: RECT, severity: 'low' })).body.data.id;
    const unplaced = (await call('POST', '/api/Defect/', 'admin', { media_id: photo.ours, region: RECT, severity: 'critical', lat: 0, lng: 0 })).body.data.id;
    expect(await api.total(`/api/Defect/?project_id=${project.ours}`)).toBe(3);
    expect(await points(`/api/Defect/points/?project_id=${project.ours}`)).toEqual({
      points: [
        [defect.ours, lat, lng, 'high'],
        [low, lat, lng, 'low'],
      ],
      truncated: false,
    });
    expect(await ids(`/api/Defect/points/?project_id=${project.ours}&severity=low`)).toEqual([low]);
    expect(await ids(`/api/Defect/points/?project_id=${project.ours}&bbox=${lng + 0.01},${lat},${lng + 0.02},${lat + 0.01}`)).toEqual([]);
    await call('DELETE', `/api/Defect/${low}/`, 'admin');
    await call('DELETE', `/api/Defect/${unplaced}/`, 'admin');
  });

  it(`caps the points at ${MEDIA_POINTS_MAX} files (the newest) and ${DEFECT_POINTS_MAX} defects (the most severe) and says so`, async () => {
    const seed = (await uploadPhoto(api, 'admin', project.crowded)).json().data.item.id as number;
    const rows = [];
    for (let i = 0; i < MEDIA_POINTS_MAX; i++)
      rows.push(
        await copyOf(seed, { project_id: project.crowded, lat: 22 + i / 100_000, lng: 114, taken_at: `2001-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` }),
      );
    for (let at = 0; at < rows.length; at += 500)
      await db()
        .insertInto('media')
        .values(rows.slice(at, at + 500))
        .execute();
    const crowded = await points(`/api/Media/points/?project_id=${project.crowded}`, 'operator');
    expect(crowded.truncated).toBe(true);
    expect(crowded.points).toHaveLength(MEDIA_POINTS_MAX);
    // The uploaded photo (taken in 2018) is newer than its copies (2001): it leads.
    expect(crowded.points[0][0]).toBe(seed);
    // Narrowed to a corner, the same filters fit.
    const corner = await points(`/api/Media/points/?project_id=${project.crowded}&bbox=113.9,21.9,114.1,22.00095`, 'operator');
    expect(corner).toMatchObject({ truncated: false });
    expect(corner.points).toHaveLength(96);

    const defects = [];
    const mediaIds = (await db().selectFrom('media').select('id').where('project_id', '=', project.crowded).limit(DEFECT_POINTS_MAX).execute()).map(
      (r) => r.id,
    );
    const now = new Date().toISOString();
    for (const [i, mediaId] of mediaIds.entries())
      defects.push({
        media_id: mediaId,
        project_id: project.crowded,
        severity: i === mediaIds.length - 1 ? 'critical' : 'low',
        status: 'new',
        region: JSON.stringify(RECT),
        lat: 22,
        lng: 114,
        created_at: now,
        updated_at: now,
      });
    for (let at = 0; at < defects.length; at += 500)
      await db()
        .insertInto('defects')
        .values(defects.slice(at, at + 500))
        .execute();
    expect((await call('POST', '/api/Defect/', 'admin', { media_id: seed, region: RECT, severity: 'medium' })).status).toBe(201);
    const marked = await points(`/api/Defect/points/?project_id=${project.crowded}`, 'operator');
    expect(marked.truncated).toBe(true);
    expect(marked.points).toHaveLength(DEFECT_POINTS_MAX);
    expect(marked.points.slice(0, 2).map(([, , , severity]) => severity)).toEqual(['critical', 'medium']);
  });
});
