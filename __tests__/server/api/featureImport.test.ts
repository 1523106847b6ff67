import { sql } from 'kysely';
import { FEATURE_IMPORT_MAX, type FeatureInput } from '@shared/entities/feature';
import { useTestApi } from './testApi';
import type { Dialect } from './harness';

interface Answer {
  code: number;
  msg: string;
  data: { items: { id: number; name: string; project_id: number | null; geometry: unknown; style: object; properties: object }[] } | null;
  errors?: { field: string; message: string }[];
}

const point = (name: string, projectId: number | null = null): FeatureInput => ({
  name,
  category: 'poi',
  project_id: projectId,
  geometry: { type: 'Point', coordinates: [114.05, 22.54] },
});
const line: FeatureInput = {
  name: 'pipeline',
  category: 'line',
  geometry: {
    type: 'LineString',
    coordinates: [
      [114, 22.5],
      [114.01, 22.51],
    ],
  },
  style: { color: '#ff0000' },
};
const square: FeatureInput = {
  name: 'yard',
  category: 'area',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 22.5],
        [114.01, 22.5],
        [114.01, 22.51],
        [114, 22.5],
      ],
    ],
  },
  properties: { owner: 'depot' },
};

describe.each<Dialect>(['sqlite', 'postgres'])('POST /api/Feature/import/ (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, total, addUser } = api;
  let projectId: number;

  const importFeatures = async (features: unknown[], as = 'admin') => {
    const response = await call('POST', '/api/Feature/import/', as, { features });
    return { status: response.status, body: response.body as Answer };
  };
  const featureCount = () => total('/api/Feature/?page_size=1');

  beforeAll(async () => {
    projectId = (await call('POST', '/api/Project/', 'admin', { name: 'Import target' })).body.data.id;
    await addUser('viewer', 'viewer');
  });

  it('saves every feature in one go and answers 201 with the rows in the order given', async () => {
    const before = await featureCount();
    const answer = await importFeatures([point('gate', projectId), line, square]);
    expect(answer.status).toBe(201);
    expect(answer.body.code).toBe(201);
    const items = answer.body.data!.items;
    expect(items.map((f) => f.name)).toEqual(['gate', 'pipeline', 'yard']);
    expect(items[0]).toMatchObject({ project_id: projectId, geometry: { type: 'Point', coordinates: [114.05, 22.54] }, style: {}, properties: {} });
    expect(items[1]).toMatchObject({ project_id: null, style: { color: '#ff0000' } });
    expect(items[2]).toMatchObject({ properties: { owner: 'depot' }, geometry: square.geometry });
    expect(await featureCount()).toBe(before + 3);
    for (const item of items) expect((await call('GET', `/api/Feature/${item.id}/`, 'admin')).body.data).toMatchObject({ name: item.name });
    const audit = (await call('GET', '/api/Audit/?entity=feature&action=create&page_size=100', 'admin')).body.data as {
      items: { entity_id: string }[];
    };
    expect(audit.items.map((a) => Number(a.entity_id))).toEqual(expect.arrayContaining(items.map((f) => f.id)));
  });

  it('rejects the whole file when one feature is invalid, naming it by index, and saves nothing', async () => {
    const before = await featureCount();
    const openRing = {
      ...square,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [114, 22.5],
            [114.01, 22.5],
            [114.01, 22.51],
            [114.02, 22.52],
          ],
        ],
      },
    };
    const answer = await importFeatures([point('ok one'), openRing, { ...point('nameless'), name: '' }]);
    expect(answer.status).toBe(400);
    const fields = answer.body.errors!.map((e) => e.field);
    expect(fields.some((f) => f.startsWith('features.1.geometry'))).toBe(true);
    expect(fields).toContain('features.2.name');
    expect(fields.some((f) => f.startsWith('features.0'))).toBe(false);
    expect(await featureCount()).toBe(before);
  });

  it('rejects a feature naming a project that does not exist, and saves nothing', async () => {
    const before = await featureCount();
    const answer = await importFeatures([point('a', projectId), point('b'), point('c', 999_999)]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { field: 'features.2.project_id', message: 'no projects row with id 999999', code: 'field.unknown_ref', params: { id: 999999 } },
    ]);
    expect(await featureCount()).toBe(before);
  });

  it(`takes 1 to ${FEATURE_IMPORT_MAX} features`, async () => {
    expect((await importFeatures([])).status).toBe(400);
    const tooMany = Array.from({ length: FEATURE_IMPORT_MAX + 1 }, (_, i) => point(`p${i}`));
    const refused = await importFeatures(tooMany);
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.map((e) => e.field)).toContain('features');
    expect((await call('POST', '/api/Feature/import/', 'admin', { feature: [point('x')] })).status).toBe(400);
    const before = await featureCount();
    const most = await importFeatures(tooMany.slice(0, FEATURE_IMPORT_MAX));
    expect(most.status).toBe(201);
    expect(most.body.data!.items).toHaveLength(FEATURE_IMPORT_MAX);
    expect(await featureCount()).toBe(before + FEATURE_IMPORT_MAX);
  });

  it('needs map:write', async () => {
    expect((await importFeatures([point('anonymous')], 'nobody')).status).toBe(401);
    expect((await importFeatures([point('viewer')], 'viewer')).status).toBe(403);
  });

  it('rolls back the features already written when the database refuses a later one', async () => {
    const db = api.server.handle.database.db;
    // A trigger stands in for any failure during the writes (constraint, connection, disk).
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_boom before insert on features when new.name = 'boom' begin select raise(abort, 'boom refused'); end`.execute(db);
    } else {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.name = 'boom' then raise exception 'boom refused'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_boom before insert on features for each row execute function refuse_boom()`.execute(db);
    }
    try {
      const before = await featureCount();
      const answer = await importFeatures([point('first'), point('second'), point('boom')]);
      expect(answer.status).toBe(500);
      expect(await featureCount()).toBe(before);
    } finally {
      await sql`drop trigger refuse_boom${sql.raw(dialect === 'postgres' ? ' on features' : '')}`.execute(db);
    }
  });
});
