import { waypointSchema, type Waypoint } from '@shared/wayline/model';
import {
  appendWaypoint,
  deleteWaypoint,
  insertWaypoint,
  moveWaypoint,
  selectionAfterDelete,
  splitLeg,
  updateWaypoint,
} from '../../../src/features/routes/waypointEdits';

const wp = (lng: number, extra: Partial<Waypoint> = {}) => waypointSchema.parse({ lat: 22.5, lng, alt: 80, speed: 6, ...extra });
const route = [wp(114, { actions: [{ type: 'takePhoto' }] }), wp(114.01, { alt: 120 }), wp(114.02)];
const lngs = (waypoints: Waypoint[]) => waypoints.map((w) => w.lng);

describe('waypoint edits', () => {
  it.each<[string, () => Waypoint[], number[]]>([
    ['append adds at the end', () => appendWaypoint(route, { lat: 22.5, lng: 114.03 }), [114, 114.01, 114.02, 114.03]],
    ['insert puts one at the index', () => insertWaypoint(route, 1, { lat: 22.5, lng: 114.005 }), [114, 114.005, 114.01, 114.02]],
    ['insert past the end appends', () => insertWaypoint(route, 9, { lat: 22.5, lng: 114.05 }), [114, 114.01, 114.02, 114.05]],
    ['split a leg adds its midpoint', () => splitLeg(route, 0), [114, 114.005, 114.01, 114.02]],
    ['split after the last waypoint changes nothing', () => splitLeg(route, 2), [114, 114.01, 114.02]],
    ['move changes only that position', () => moveWaypoint(route, 2, { lat: 22.6, lng: 114.123456789 }), [114, 114.01, 114.1234568]],
    ['delete removes it', () => deleteWaypoint(route, 1), [114, 114.02]],
  ])('%s', (_name, edit, expected) => {
    expect(lngs(edit())).toEqual(expected);
  });

  it('new waypoints copy the height and speed of the one before, with no actions', () => {
    expect(insertWaypoint(route, 2, { lat: 22.5, lng: 114.015 })[2]).toMatchObject({ alt: 120, speed: 6, actions: [], heading_mode: 'followWayline' });
    expect(appendWaypoint([], { lat: 1, lng: 2 }, { auto_flight_speed: 7 })[0]).toMatchObject({ alt: 100, speed: 7 });
  });

  it('keeps the other waypoints’ fields (actions, heights) through every edit', () => {
    expect(moveWaypoint(route, 1, { lat: 0, lng: 0 })[0].actions).toEqual([{ type: 'takePhoto' }]);
    expect(updateWaypoint(route, 1, { speed: 9 }).map((w) => w.speed)).toEqual([6, 9, 6]);
    expect(deleteWaypoint(route, 0)[0].alt).toBe(120);
  });

  it.each<[number | null, number, number, number | null]>([
    [null, 0, 2, null],
    [2, 0, 2, 1],
    [0, 0, 2, 0],
    [2, 2, 2, 1],
    [0, 0, 0, null],
  ])('selection %p after deleting %p with %p left → %p', (selected, deleted, remaining, expected) => {
    expect(selectionAfterDelete(selected, deleted, remaining)).toBe(expected);
  });
});
