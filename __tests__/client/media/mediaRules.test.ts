import type { Media } from '@shared/entities/media';
import { EMPTY_FILTERS, flightNeighbours, formatBytes, mediaPoints, mediaQuery, toggleSelected, uploadRefusal } from '../../../src/features/media/mediaRules';

const media = (id: number, task_id: number | null, flight_record_id: number | null = null) => ({ id, task_id, flight_record_id }) as Media;

describe('mediaQuery', () => {
  it.each([
    ['no filters: page and size only', {}, { page: 1, page_size: 48 }],
    ['ids kept when positive integers', { project_id: ' 3 ', task_id: '7', flight_record_id: '0' }, { page: 1, page_size: 48, project_id: 3, task_id: 7 }],
    ['a malformed id is left out', { task_id: '7a' }, { page: 1, page_size: 48 }],
    ['text trimmed, empty left out', { search: ' DJI_0001 ', device_sn: '   ' }, { page: 1, page_size: 48, search: 'DJI_0001' }],
    [
      'type, lens, has_defects as chosen',
      { type: 'photo', lens: 'ir', has_defects: 'true' },
      { page: 1, page_size: 48, type: 'photo', lens: 'ir', has_defects: 'true' },
    ],
  ] as const)('%s', (_name, filters, expected) => {
    expect(mediaQuery({ ...EMPTY_FILTERS, ...filters }, 1)).toEqual(expected);
  });

  it('sends times as instants and leaves out one that is not a time', () => {
    const query = mediaQuery({ ...EMPTY_FILTERS, taken_from: '2026-05-01T08:30', taken_to: 'soon' }, 2, 10);
    expect(query).toEqual({ page: 2, page_size: 10, taken_from: new Date('2026-05-01T08:30').toISOString() });
  });
});

describe('toggleSelected', () => {
  it.each([
    [[], 1, [1]],
    [[1, 2], 1, [2]],
    [[2], 3, [2, 3]],
  ])('%j toggling %i gives %j', (selected, id, expected) => {
    expect(toggleSelected(selected, id)).toEqual(expected);
  });
});

describe('flightNeighbours', () => {
  const items = [media(1, 10), media(2, 11), media(3, 10), media(4, null, 5), media(5, 10), media(6, null, 5), media(7, null)];
  it.each([
    ['first of its task', 1, { previous: null, next: 3 }],
    ['middle of its task, skipping another task', 3, { previous: 1, next: 5 }],
    ['last of its task', 5, { previous: 3, next: null }],
    ['alone in its task', 2, { previous: null, next: null }],
    ['no task: its flight record', 6, { previous: 4, next: null }],
    ['neither: the whole list', 7, { previous: 6, next: null }],
    ['not listed', 99, { previous: null, next: null }],
  ])('%s', (_name, id, expected) => {
    expect(flightNeighbours(items, id)).toEqual(expected);
  });
});

describe('uploadRefusal', () => {
  it.each([
    [{ type: 'image/jpeg' }, '4', null],
    [{ type: 'video/mp4' }, '4', null],
    [{ type: 'application/pdf' }, '4', 'not_media'],
    [{ type: '' }, '4', 'not_media'],
    [{ type: 'image/jpeg' }, '', 'no_project'],
  ] as const)('%j into project %p: %p', (file, project, expected) => {
    expect(uploadRefusal(file, project)).toBe(expected);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [5 * 1024 * 1024 + 512 * 1024, '5.5 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
  ])('%i → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('mediaPoints', () => {
  it('reads the compact points of GET /Media/points/', () => {
    expect(
      mediaPoints([
        [1, 22.5, 114.1, 'photo', true],
        [2, 22.6, 114.2, 'video', false],
      ]),
    ).toEqual([
      { id: 1, position: [22.5, 114.1], type: 'photo', hasDefects: true },
      { id: 2, position: [22.6, 114.2], type: 'video', hasDefects: false },
    ]);
  });
});
