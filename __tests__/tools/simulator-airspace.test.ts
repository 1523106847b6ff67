import { checkApplication, DEFAULT_AIRSPACE_RULES, planVolume, segmentInArea, volumeBreach } from '@shared/airspace';
import { circuitAirspace, PLAN_LEAD_MS } from '../../scripts/simulator/airspace';
import { parseCommand } from '../../scripts/simulator/commands';
import { Flight, MODE } from '../../scripts/simulator/flight';
import { circle, type Point } from '../../scripts/simulator/geometry';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const line: Point[] = [
  { lat: 22.54, lng: 114.05, alt: 80 },
  { lat: 22.55, lng: 114.06, alt: 100 },
];
const zigzag: Point[] = [
  { lat: 22.54, lng: 114.05, alt: 60 },
  { lat: 22.545, lng: 114.06, alt: 90 },
  { lat: 22.55, lng: 114.05, alt: 90 },
  { lat: 22.555, lng: 114.06, alt: 75.5 },
];

describe('circuitAirspace', () => {
  it.each([
    ['a simulator circle', circle(3), 140],
    ['a two-point route', line, 120],
    ['a demo-like zigzag', zigzag, 110],
  ])('%s: an application the rules accept, from the ground to above its highest point, for the window asked', (_name, route, maxAlt) => {
    const airspace = circuitAirspace(route, NOW + PLAN_LEAD_MS, 12);
    expect(airspace).toMatchObject({ min_alt: 0, max_alt: maxAlt });
    expect(Date.parse(airspace.start_at)).toBe(NOW + PLAN_LEAD_MS);
    expect(Date.parse(airspace.end_at) - Date.parse(airspace.start_at)).toBe(12 * 3_600_000);
    const check = checkApplication({ ...airspace, purpose_kind: 'routine' }, { nowMs: NOW, config: DEFAULT_AIRSPACE_RULES });
    expect(check.violations).toEqual([]);
    // Filed the same day: late, so a reviewer approves it.
    expect(check.late).toBe(true);
  });

  it.each([
    ['a simulator circle', circle(5)],
    ['a two-point route', line],
    ['a demo-like zigzag', zigzag],
  ])('%s: every leg, the closing one and every straight line home lie in the area', (_name, route) => {
    const { area } = circuitAirspace(route, NOW, 1);
    const at = (p: Point): [number, number] => [p.lng, p.lat];
    route.forEach((p, i) => {
      expect(segmentInArea(at(p), at(route[(i + 1) % route.length]), area)).toBe(true);
      expect(segmentInArea(at(p), at(route[0]), area)).toBe(true);
    });
  });

  it('a whole flight — circuit, return on low battery, landing, charging, take-off again — stays in the plan volume of its window', () => {
    const route = circle(2);
    const start = NOW + PLAN_LEAD_MS;
    const airspace = circuitAirspace(route, start, 1);
    const volume = planVolume({ planned_start_at: airspace.start_at, planned_end_at: airspace.end_at, application: airspace }, null, DEFAULT_AIRSPACE_RULES);
    const flight = new Flight(route, 10, 30, MODE.manual);
    const modes = new Set<number>();
    for (let s = 0; s < 1500; s++) {
      const sample = flight.step(1);
      modes.add(sample.modeCode);
      expect(volumeBreach(volume, { lng: sample.lng, lat: sample.lat, alt: sample.elevation }, start + s * 1000)).toBeNull();
    }
    expect([...modes].sort()).toEqual([MODE.idle, MODE.manual, MODE.returnHome, MODE.landing].sort());
  });
});

describe('simulator commands', () => {
  it.each([
    ['fly SIM-UAV-0001 22.5 114.1 120', { kind: 'flyTo', aircraftSn: 'SIM-UAV-0001', target: { lat: 22.5, lng: 114.1, height: 120 } }],
    ['  fly  A1   -33.9  151.2  0 ', { kind: 'flyTo', aircraftSn: 'A1', target: { lat: -33.9, lng: 151.2, height: 0 } }],
    ['back SIM-UAV-0001', { kind: 'back', aircraftSn: 'SIM-UAV-0001' }],
    ['fly SIM 91 114 100', { error: 'lat must be -90…90, lng -180…180 and height 0…1000 m' }],
    ['fly SIM 22.5 181 100', { error: 'lat must be -90…90, lng -180…180 and height 0…1000 m' }],
    ['fly SIM 22.5 114 -1', { error: 'lat must be -90…90, lng -180…180 and height 0…1000 m' }],
    ['fly SIM north 114 100', { error: 'lat must be -90…90, lng -180…180 and height 0…1000 m' }],
    ['fly SIM 22.5 114', { error: expect.stringMatching(/^unknown command; try: fly/) }],
    ['back', { error: expect.stringMatching(/^unknown command/) }],
    ['back SIM extra', { error: expect.stringMatching(/^unknown command/) }],
    ['land SIM', { error: expect.stringMatching(/^unknown command/) }],
  ])('%j', (line, expected) => {
    expect(parseCommand(line)).toEqual(expected);
  });
});
