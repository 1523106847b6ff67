import type { DefectCategory, DefectMapPoint } from '@shared/entities/defect';
import {
  categoryName,
  categoryOptions,
  defectLink,
  defectListQuery,
  defectPoints,
  mostSevere,
  DEFECT_LIST_PAGE,
  dragRegion,
  draftProblem,
  drawingOutline,
  photoPoint,
  regionOutline,
  reviewShortcut,
} from '../../../src/features/defects/defectRules';
import { EMPTY_DEFECT_FILTERS, EMPTY_DRAFT } from '../../../src/features/defects/defectDefaults';

const box = { left: 100, top: 50, width: 400, height: 200 };

describe('dragRegion', () => {
  it.each([
    [
      'a drag down and right',
      { x: 140, y: 70 },
      { x: 340, y: 170 },
      [
        [0.1, 0.1],
        [0.6, 0.6],
      ],
    ],
    [
      'the same drag up and left',
      { x: 340, y: 170 },
      { x: 140, y: 70 },
      [
        [0.1, 0.1],
        [0.6, 0.6],
      ],
    ],
    [
      'clipped to the photo',
      { x: 0, y: 0 },
      { x: 300, y: 150 },
      [
        [0, 0],
        [0.5, 0.5],
      ],
    ],
    [
      'past the far edges',
      { x: 400, y: 200 },
      { x: 900, y: 900 },
      [
        [0.75, 0.75],
        [1, 1],
      ],
    ],
  ] as const)('%s', (_name, start, end, points) => {
    expect(dragRegion(start, end, box)).toEqual({ type: 'rect', points });
  });

  it.each([
    ['a click', { x: 200, y: 100 }, { x: 200, y: 100 }, box],
    ['a line (too narrow)', { x: 200, y: 100 }, { x: 202, y: 180 }, box],
    ['a line (too low)', { x: 200, y: 100 }, { x: 400, y: 101 }, box],
    ['entirely outside the photo', { x: 0, y: 0 }, { x: 50, y: 40 }, box],
    ['a photo not laid out yet', { x: 0, y: 0 }, { x: 50, y: 40 }, { left: 0, top: 0, width: 0, height: 0 }],
    ['an event without coordinates', { x: NaN, y: 100 }, { x: 400, y: 180 }, box],
  ])('%s is no region', (_name, start, end, within) => {
    expect(dragRegion(start, end, within)).toBeNull();
  });
});

describe('regionOutline', () => {
  it.each([
    [
      'a rectangle has its four corners',
      {
        type: 'rect' as const,
        points: [
          [0.1, 0.2],
          [0.5, 0.6],
        ] as [[number, number], [number, number]],
      },
      '10,20 50,20 50,60 10,60',
    ],
    [
      'a polygon its points',
      {
        type: 'polygon' as const,
        points: [
          [0, 0],
          [1, 0],
          [0.5, 0.25],
        ] as [number, number][],
      },
      '0,0 100,0 50,25',
    ],
  ])('%s', (_name, region, expected) => {
    expect(regionOutline(region)).toBe(expected);
  });
});

describe('categoryOptions and categoryName', () => {
  const category = (id: number, parent_id: number | null, name: string): DefectCategory => ({
    id,
    parent_id,
    code: `c${id}`,
    name_zh: `中${name}`,
    name_en: name,
  });
  const categories = [
    category(3, 1, 'Insulator'),
    category(1, null, 'Power line'),
    category(2, null, 'Solar'),
    category(4, 3, 'Crack'),
    category(5, 99, 'Orphan'),
  ];

  it('lists each parent followed by its children, indented by depth, in the language', () => {
    expect(categoryOptions(categories, 'en')).toEqual([
      { id: 1, label: 'Power line', depth: 0 },
      { id: 3, label: 'Insulator', depth: 1 },
      { id: 4, label: 'Crack', depth: 2 },
      { id: 2, label: 'Solar', depth: 0 },
      { id: 5, label: 'Orphan', depth: 0 },
    ]);
    expect(categoryOptions(categories, 'zh-CN')[0]).toEqual({ id: 1, label: '中Power line', depth: 0 });
  });

  it.each([
    [4, 'en', 'Crack'],
    [4, 'zh-CN', '中Crack'],
    [42, 'en', null],
    [null, 'en', null],
  ])('category %p in %s is %p', (id, language, expected) => {
    expect(categoryName(categories, id, language)).toBe(expected);
  });
});

describe('draftProblem', () => {
  const region = {
    type: 'rect' as const,
    points: [
      [0.1, 0.1],
      [0.2, 0.2],
    ] as [[number, number], [number, number]],
  };
  it.each([
    ['no region drawn yet', EMPTY_DRAFT, 'no_region'],
    ['a note over 2000 characters', { ...EMPTY_DRAFT, region, note: 'x'.repeat(2001) }, 'note_too_long'],
    ['a region, no category, no note', { ...EMPTY_DRAFT, region }, null],
    ['everything filled', { region, category_id: 3, severity: 'critical' as const, note: 'cracked disc' }, null],
  ])('%s', (_name, draft, expected) => {
    expect(draftProblem(draft)).toBe(expected);
  });
});

describe('photoPoint', () => {
  it.each([
    ['the top left corner', { x: 100, y: 50 }, [0, 0]],
    ['a point inside, 4 decimals', { x: 233.33333, y: 116.66666 }, [0.3333, 0.3333]],
    ['beyond the bottom right: held to the photo', { x: 900, y: 900 }, [1, 1]],
    ['before the top left: held to the photo', { x: 0, y: 0 }, [0, 0]],
    ['not a number', { x: Number.NaN, y: 0 }, null],
  ] as const)('%s', (_name, point, expected) => {
    expect(photoPoint(point, box)).toEqual(expected);
  });

  it('answers nothing while the photo is not laid out', () => {
    expect(photoPoint({ x: 1, y: 1 }, { ...box, height: 0 })).toBeNull();
  });
});

describe('drawingOutline', () => {
  it.each([
    [
      'the vertices placed',
      [
        [0.1, 0.2],
        [0.5, 0.25],
      ],
      null,
      '10,20 50,25',
    ],
    ['to the pointer', [[0.1, 0.2]], [0.33333, 0.5], '10,20 33.333,50'],
    ['nothing placed yet', [], null, ''],
  ] as const)('%s', (_name, vertices, pointer, expected) => {
    expect(drawingOutline(vertices as unknown as [number, number][], pointer as [number, number] | null)).toBe(expected);
  });
});

describe('reviewShortcut', () => {
  it.each([
    ['d', false, { kind: 'draw', shape: 'rect' }],
    ['D', false, { kind: 'draw', shape: 'rect' }],
    ['p', false, { kind: 'draw', shape: 'polygon' }],
    ['P', false, { kind: 'draw', shape: 'polygon' }],
    ['Backspace', false, { kind: 'removeVertex' }],
    ['Backspace', true, null],
    ['1', false, { kind: 'severity', severity: 'low' }],
    ['4', false, { kind: 'severity', severity: 'critical' }],
    ['Enter', false, { kind: 'save' }],
    ['Escape', false, { kind: 'cancel' }],
    ['ArrowLeft', false, { kind: 'previous' }],
    ['ArrowRight', false, { kind: 'next' }],
    ['+', false, { kind: 'zoomIn' }],
    ['=', false, { kind: 'zoomIn' }],
    ['-', false, { kind: 'zoomOut' }],
    ['x', false, null],
    ['5', false, null],
    ['d', true, null],
    ['1', true, null],
    ['Enter', true, null],
    ['Escape', true, { kind: 'cancel' }],
  ] as const)('%s (in a field: %s) → %j', (key, inField, expected) => {
    expect(reviewShortcut(key, inField)).toEqual(expected);
  });
});

describe('defectListQuery', () => {
  it.each([
    ['no filters', {}, {}],
    [
      'ids as typed, trimmed',
      { project_id: ' 3 ', task_id: '7', category_id: '12', assignee_id: '5' },
      { project_id: 3, task_id: 7, category_id: 12, assignee_id: 5 },
    ],
    ['malformed ids left out', { project_id: 'abc', task_id: '0', category_id: '-2', assignee_id: '1.5' }, {}],
    ['severity and status', { severity: 'critical', status: 'in_repair' }, { severity: 'critical', status: 'in_repair' }],
    ['unknown severity and status left out', { severity: 'huge', status: 'done' }, {}],
  ])('%s', (_name, filters, expected) => {
    expect(defectListQuery({ ...EMPTY_DEFECT_FILTERS, ...(filters as object) }, 2)).toEqual({ page: 2, page_size: DEFECT_LIST_PAGE, ...expected });
  });
});

describe('defectPoints', () => {
  it.each([
    ['none', [], []],
    [
      'the most severe last (drawn on top), ties by id',
      [
        [4, 22.5, 114.1, 'critical'],
        [2, 22.4, 114, 'low'],
        [5, 22.6, 114.2, 'medium'],
        [1, 22.7, 114.3, 'critical'],
      ],
      [
        { id: 2, position: [22.4, 114], severity: 'low' },
        { id: 5, position: [22.6, 114.2], severity: 'medium' },
        { id: 1, position: [22.7, 114.3], severity: 'critical' },
        { id: 4, position: [22.5, 114.1], severity: 'critical' },
      ],
    ],
  ] as const)('%s', (_name, points, expected) => {
    expect(defectPoints(points as unknown as DefectMapPoint[])).toEqual(expected);
  });
});

describe('mostSevere', () => {
  it.each([
    [[], 'low'],
    [['medium', 'low'], 'medium'],
    [['low', 'critical', 'high'], 'critical'],
  ] as const)('%j → %s', (severities, expected) => {
    expect(mostSevere(severities)).toBe(expected);
  });
});

describe('defectLink: the /Defect deep link', () => {
  it('links to a defect by its id', () => {
    expect(defectLink(123)).toBe('/Defect?id=123');
  });
});
