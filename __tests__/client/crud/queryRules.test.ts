import {
  focusedId,
  focusLink,
  linkedId,
  mergeQuery,
  queryFromSearchParams,
  queryToApiParams,
  queryToSearchParams,
  type QueryPatch,
} from '../../../src/crud/queryRules';
import { DEFAULT_QUERY, type ResourceQuery } from '../../../src/crud/types';

const q = (over: Partial<ResourceQuery> = {}): ResourceQuery => ({ ...DEFAULT_QUERY, ...over });

describe('mergeQuery', () => {
  const cases: Array<[string, ResourceQuery, QueryPatch, ResourceQuery]> = [
    ['page change keeps the rest', q({ search: 'm30' }), { page: 3 }, q({ search: 'm30', page: 3 })],
    ['new search restarts at page 1', q({ page: 4 }), { search: 'm30' }, q({ search: 'm30' })],
    ['same search keeps the page', q({ page: 4, search: 'a' }), { search: 'a' }, q({ page: 4, search: 'a' })],
    ['new ordering restarts at page 1', q({ page: 2 }), { ordering: '-created_at' }, q({ ordering: '-created_at' })],
    ['new page size restarts at page 1', q({ page: 2 }), { pageSize: 50 }, q({ pageSize: 50 })],
    ['a filter restarts at page 1', q({ page: 2 }), { filters: { status: 'online' } }, q({ filters: { status: 'online' } })],
    ['an empty filter value removes it', q({ filters: { status: 'online', kind: 'dock' } }), { filters: { status: '' } }, q({ filters: { kind: 'dock' } })],
    ['explicit page with a change wins', q({ page: 2 }), { search: 'x', page: 5 }, q({ search: 'x', page: 5 })],
  ];
  it.each(cases)('%s', (_name, before, patch, expected) => expect(mergeQuery(before, patch)).toEqual(expected));
});

describe('queryToApiParams', () => {
  it.each([
    ['defaults', q(), { page: 1, page_size: 20 }],
    [
      'everything',
      q({ page: 2, pageSize: 50, search: 'm30', ordering: '-name', filters: { status: 'online' } }),
      { page: 2, page_size: 50, search: 'm30', ordering: '-name', status: 'online' },
    ],
    ['a filter cannot override paging', q({ filters: { page: '9' } }), { page: 1, page_size: 20 }],
  ])('%s', (_name, query, expected) => expect(queryToApiParams(query)).toEqual(expected));
});

describe('URL query', () => {
  it.each([
    ['empty URL gives defaults', '', q()],
    [
      'full round trip',
      '?page=3&page_size=50&search=M30&ordering=-last_seen&status=online',
      q({ page: 3, pageSize: 50, search: 'M30', ordering: '-last_seen', filters: { status: 'online' } }),
    ],
    ['bad page falls back', '?page=-2', q()],
    ['page size outside the options falls back', '?page_size=100000', q()],
    ['ordering that is not a field name is ignored', '?ordering=name;drop', q()],
  ])('%s', (_name, search, expected) => expect(queryFromSearchParams(search)).toEqual(expected));

  it('writes only what differs from the defaults, filters sorted', () => {
    expect(queryToSearchParams(q({ page: 2, filters: { status: 'online', kind: 'dock' } })).toString()).toBe('page=2&kind=dock&status=online');
    expect(queryToSearchParams(q()).toString()).toBe('');
  });

  it.each<[string, ResourceQuery, string[], string]>([
    ['leaves out filters equal to the default', q({ filters: { from: '2026-11-01', status: 'online' } }), [], 'status=online'],
    [
      'spells out pinned filters even when they equal the default',
      q({ filters: { from: '2026-11-01', status: 'online' } }),
      ['from'],
      'from=2026-11-01&status=online',
    ],
    ['spells out pinned filters that differ too', q({ filters: { from: '2026-10-01' } }), ['from'], 'from=2026-10-01'],
  ])('%s', (_name, query, pinned, expected) => {
    expect(queryToSearchParams(query, q({ filters: { from: '2026-11-01' } }), pinned).toString()).toBe(expected);
  });

  it('survives a round trip', () => {
    const query = q({ page: 7, pageSize: 10, search: '深圳 M30', ordering: 'name', filters: { dept_id: '3' } });
    expect(queryFromSearchParams(queryToSearchParams(query))).toEqual(query);
  });
});

describe('links that focus one row (?id=)', () => {
  it.each<[string | null | undefined, number | null]>([
    ['123', 123],
    ['1', 1],
    [null, null],
    [undefined, null],
    ['', null],
    ['0', null],
    ['-4', null],
    ['1.5', null],
    ['12abc', null],
    ['0012', null],
    ['1234567890123456', null],
  ])('?id=%p names %p', (value, id) => expect(linkedId(value)).toBe(id));

  it('a link is a list query focused on the row, read back from the address; its pages keep the focus', () => {
    const link = focusLink('/Task/UAV', 19);
    expect(link).toBe('/Task/UAV?id=19');
    const query = queryFromSearchParams(link.slice(link.indexOf('?')));
    expect(focusedId(query)).toBe(19);
    expect(queryToApiParams(query)).toEqual({ id: '19', page: 1, page_size: 20 });
    expect(focusedId(mergeQuery(query, { page: 2 }))).toBe(19);
    // "Show all" clears it.
    expect(focusedId(mergeQuery(query, { filters: { id: undefined } }))).toBeNull();
    expect(focusedId(q({ filters: { id: 'abc' } }))).toBeNull();
  });
});
