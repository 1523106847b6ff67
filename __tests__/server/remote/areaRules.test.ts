import { flightAreaFileJson, isInSync, type FlightArea } from '@shared/dji/flightAreas';
import { progressStatus, type DebugProgress } from '@shared/dji/remoteDebug';
import { areaFile } from '../../../server/remote/flightAreas/service';

const square: FlightArea = {
  id: 'skyline-feature-1',
  geofenceType: 'nfz',
  shape: {
    polygon: {
      type: 'Polygon',
      coordinates: [
        [
          [114, 22.5, 30],
          [114.01, 22.5],
          [114.01, 22.51],
          [114, 22.5],
        ],
      ],
    },
  },
};
const circle = (radius: number): FlightArea => ({ id: 'skyline-airspace-2', geofenceType: 'dfence', shape: { centre: [114.02, 22.52], radius } });

describe('flightAreaFileJson', () => {
  it.each<[string, FlightArea, object]>([
    [
      'a polygon: 2-D positions, radius 0',
      square,
      {
        geofence_type: 'nfz',
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
        properties: { radius: 0, enable: true },
      },
    ],
    [
      'a circle: a point with subType Circle',
      circle(150),
      { geofence_type: 'dfence', geometry: { type: 'Point', coordinates: [114.02, 22.52] }, properties: { subType: 'Circle', radius: 150, enable: true } },
    ],
    ['a circle under DJI’s minimum is widened to 10 m', circle(3), { properties: { subType: 'Circle', radius: 10, enable: true } }],
  ])('%s', (_what, area, expected) => {
    const file = JSON.parse(flightAreaFileJson([area]));
    expect(file.type).toBe('FeatureCollection');
    expect(file.features[0]).toMatchObject({ id: area.id, type: 'Feature', ...expected });
  });

  it('gives the same bytes, name and checksum for the same areas, and others when they change', () => {
    expect(areaFile([square, circle(150)])).toEqual(areaFile([square, circle(150)]));
    expect(areaFile([square, circle(150)]).checksum).not.toBe(areaFile([square, circle(151)]).checksum);
    expect(areaFile([square]).name).toMatch(/^geofence_[0-9a-f]{32}\.json$/);
  });
});

describe('isInSync', () => {
  it.each<[string, Parameters<typeof isInSync>, boolean]>([
    ['synchronized with the current file', ['synchronized', 'abc', 'abc'], true],
    ['synchronized with an older file', ['synchronized', 'old', 'abc'], false],
    ['still synchronizing the current file', ['synchronizing', 'abc', 'abc'], false],
    ['failed', ['fail', 'abc', 'abc'], false],
    ['never synchronized', [null, null, 'abc'], false],
  ])('%s', (_what, args, expected) => {
    expect(isInSync(...args)).toBe(expected);
  });
});

describe('progressStatus', () => {
  const progress = (result: number, status: DebugProgress['output']['status']): DebugProgress => ({ result, output: { status } });
  it.each<[string, DebugProgress, string]>([
    ['in progress', progress(0, 'in_progress'), 'in_progress'],
    ['an error while in progress has failed', progress(312016, 'in_progress'), 'failed'],
    ['done', progress(0, 'ok'), 'ok'],
    ['a failure reported as such', progress(312016, 'failed'), 'failed'],
  ])('%s', (_what, data, expected) => {
    expect(progressStatus(data)).toBe(expected);
  });
});
