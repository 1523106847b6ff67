import { screen } from '@testing-library/react';
import type { RequestOptions } from '../../../src/api/client';
import { useRestrictingZones } from '../../../src/features/map';
import { loggedInState } from '../support/renderApp';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';

const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 0],
    ],
  ],
});
const feature = (id: number, name: string, category: string, geometry: unknown) => ({ id, name, category, geometry, project_id: null, properties: {} });
const byCategory: Record<string, unknown[]> = {
  no_fly_zone: [
    feature(1, '机场净空区', 'no_fly_zone', square(0)),
    feature(2, '航线', 'no_fly_zone', {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    }),
  ],
  restricted_zone: [feature(3, '变电站', 'restricted_zone', square(2))],
};

function Zones() {
  const zones = useRestrictingZones();
  return (
    <ul>
      {zones.map((zone) => (
        <li key={zone.id}>{`${zone.name} ${zone.polygon.coordinates[0][0].join(',')}`}</li>
      ))}
    </ul>
  );
}

describe('useRestrictingZones', () => {
  it('gives the polygons of both the no-fly and the restricted features, each category read on its own', async () => {
    const { store, calls } = createTestStore(
      {
        'GET /Feature/': (options?: RequestOptions) => {
          const items = byCategory[String(options?.query?.category)] ?? [];
          return { items, total: items.length };
        },
      },
      loggedInState,
    );
    renderWithStore(<Zones />, store);
    expect(await screen.findByText('机场净空区 0,0')).toBeInTheDocument();
    expect(await screen.findByText('变电站 2,0')).toBeInTheDocument();
    expect(screen.queryByText(/^航线/)).not.toBeInTheDocument();
    expect(calls.map((c) => c.options?.query?.category).sort()).toEqual(['no_fly_zone', 'restricted_zone']);
  });
});
