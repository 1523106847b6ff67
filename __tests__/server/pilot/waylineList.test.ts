import { type LibraryRoute, normaliseListParams, waylineOf, waylinePage, waylineQuerySchema } from '../../../server/pilot/waylineList';

const route = (id: number, name: string, extra: Partial<LibraryRoute> = {}): LibraryRoute => ({
  id,
  name,
  template_type: 'waypoint',
  settings: { drone_model: '0-77-0', payload_model: '1-66-0' },
  waypoints: [{ lat: 22.5, lng: 114.1 }],
  created_at: `2026-01-0${id}T00:00:00.000Z`,
  updated_at: `2026-02-0${10 - id}T00:00:00.000Z`,
  user_name: 'pilot',
  ...extra,
});

const ROUTES = [
  route(1, 'b-line'),
  route(2, 'A-grid', { template_type: 'mapping2d', settings: { drone_model: '0-67-0', payload_model: null }, waypoints: [] }),
  route(3, 'c-prism', { template_type: 'mappingPrism' }),
];

const query = (raw: Record<string, unknown>) => waylineQuerySchema.parse(raw);
const page = (raw: Record<string, unknown>, favorites: number[] = []) => waylinePage(ROUTES, new Set(favorites), query(raw)).list.map((w) => w.id);

describe('Pilot 2 wayline library rules', () => {
  it.each([
    [{ template_type: '0' }, { template_type: ['0'] }],
    [{ 'template_type[]': ['0', '1'] }, { template_type: ['0', '1'] }],
    [{ drone_model_keys: '0-67-0,0-77-0' }, { drone_model_keys: ['0-67-0', '0-77-0'] }],
    [{ id: ['1', '2,3'], 'id[]': '4' }, { id: ['1', '2', '3', '4'] }],
    [{ name: '', key: 'x' }, { key: 'x' }],
  ])('reads list parameters however they are spelled: %j', (raw, expected) => {
    expect(normaliseListParams(raw)).toEqual(expected);
  });

  it.each<[Record<string, unknown>, number[], string[]]>([
    [{}, [], ['1', '2', '3']], // update_time desc: route 1 changed last
    [{ order_by: 'name asc' }, [], ['2', '1', '3']],
    [{ order_by: 'name desc' }, [], ['3', '1', '2']],
    [{ order_by: 'create_time' }, [], ['1', '2', '3']],
    [{ order_by: 'CREATE_TIME DESC' }, [], ['3', '2', '1']],
    [{ template_type: '1' }, [], ['2']],
    [{ template_type: ['0', '1'] }, [], ['1', '2']],
    [{ drone_model_keys: '0-67-0' }, [], ['2']],
    [{ payload_model_key: '1-66-0' }, [], ['1', '3']],
    [{ key: 'GRID' }, [], ['2']],
    [{ favorited: 'true' }, [3], ['3']],
    [{ favorited: 'false' }, [3], ['1', '2']],
    [{ action_type: '1' }, [], []],
    [{ page: '2', page_size: '2' }, [], ['3']],
    [{ page: '3', page_size: '2' }, [], []],
  ])('selects %j (favourites %j): %j', (raw, favorites, ids) => {
    expect(page(raw, favorites)).toEqual(ids);
  });

  it('counts every selected wayline in the pagination', () => {
    expect(waylinePage(ROUTES, new Set(), query({ page_size: '1' })).pagination).toEqual({ page: 1, page_size: 1, total: 3 });
  });

  it("shows a route in DJI's shape: template type numbers of DJI's enum only, a start point when it has waypoints", () => {
    expect(waylineOf(ROUTES[0], true)).toEqual({
      id: '1',
      name: 'b-line',
      drone_model_key: '0-77-0',
      payload_model_keys: ['1-66-0'],
      template_types: [0],
      favorited: true,
      create_time: Date.parse('2026-01-01T00:00:00.000Z'),
      update_time: Date.parse('2026-02-09T00:00:00.000Z'),
      user_name: 'pilot',
      start_wayline_point: { start_latitude: 22.5, start_lontitude: 114.1 },
    });
    expect(waylineOf(ROUTES[1], false)).toMatchObject({ template_types: [1], payload_model_keys: [] });
    expect(waylineOf(ROUTES[1], false)).not.toHaveProperty('start_wayline_point');
    expect(waylineOf(ROUTES[2], false).template_types).toEqual([]);
  });

  it.each([{ order_by: 'size desc' }, { page: '0' }, { page_size: '101' }, { template_type: '4' }, { drone_model_keys: 'M30' }])('refuses %j', (raw) => {
    expect(waylineQuerySchema.safeParse(raw).success).toBe(false);
  });
});
