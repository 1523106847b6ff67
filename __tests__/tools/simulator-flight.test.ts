import { aircraftOsdSchema, dockOsdSchema, rcOsdSchema } from '@shared/dji/osd';
import { normaliseOsd } from '@shared/dji/live';
import { Flight, MODE } from '../../scripts/simulator/flight';
import { circle, distance, type Point } from '../../scripts/simulator/geometry';
import { planGateways } from '../../scripts/simulator';
import { aircraftOsd, dockOsd, remoteControllerOsd } from '../../scripts/simulator/osd';

const route: Point[] = [
  { lat: 22.54, lng: 114.05, alt: 80 },
  { lat: 22.545, lng: 114.05, alt: 80 },
  { lat: 22.545, lng: 114.055, alt: 80 },
];

/** Steps the flight one second at a time until `until` holds (at most `limit` s); returns the samples. */
function fly(flight: Flight, until: (mode: number) => boolean, limit = 5000) {
  const samples = [];
  for (let s = 0; s < limit; s++) {
    const sample = flight.step(1);
    samples.push(sample);
    if (until(sample.modeCode)) return samples;
  }
  throw new Error(`condition not reached in ${limit} s`);
}

describe('simulated flight', () => {
  it.each([
    ['Pilot 2 flies the route by hand', MODE.manual],
    ['a dock aircraft flies it as a wayline', MODE.wayline],
  ])('%s: route, return home at 25 %%, land, charge, fly again', (_name, routeMode) => {
    const flight = new Flight(route, 10, 30, routeMode);
    const first = flight.step(1);
    expect(first).toMatchObject({ modeCode: routeMode, flying: true, horizontalSpeed: 10 });
    const returning = fly(flight, (mode) => mode === MODE.returnHome).at(-1)!;
    expect(returning.batteryPercent).toBeLessThanOrEqual(25);
    const landing = fly(flight, (mode) => mode === MODE.landing).at(-1)!;
    expect(landing.homeDistance).toBeLessThan(1);
    const ground = fly(flight, (mode) => mode === MODE.idle).at(-1)!;
    expect(ground).toMatchObject({ elevation: 0, flying: false, horizontalSpeed: 0 });
    const again = fly(flight, (mode) => mode === routeMode).at(-1)!;
    expect(again.batteryPercent).toBeGreaterThanOrEqual(99);
  });

  it('moves at its speed along the route and reports remaining flight time from the battery', () => {
    const flight = new Flight(route, 10, 80, MODE.manual);
    const a = flight.step(1);
    const b = flight.step(1);
    expect(distance(a, b)).toBeCloseTo(10, 0);
    expect(b.heading).toBeCloseTo(0, 0);
    // 0.08 %/s drain: 1 % of battery is 12.5 s of flight (the percentage is rounded).
    expect(Math.abs(b.remainFlightTime - b.batteryPercent / 0.08)).toBeLessThanOrEqual(6.25);
  });
});

describe('simulated OSD in DJI field names', () => {
  const sample = new Flight(circle(3), 9, 70, MODE.manual).step(1);
  it.each([
    ['aircraft', aircraftOsdSchema, aircraftOsd(sample, { homeHeight: 20, totalFlightDistance: 123, seconds: 10 })],
    ['remote_controller', rcOsdSchema, remoteControllerOsd(sample, 20, 80, 10)],
    ['dock', dockOsdSchema, dockOsd({ position: sample, height: 20, droneInDock: false, droneBatteryPercent: 70, working: true, seconds: 10 })],
  ] as const)('%s OSD passes the shared schema and normalises', (kind, schema, data) => {
    expect(schema.safeParse(data).success).toBe(true);
    const result = normaliseOsd('SIM-1', kind, data, 1000);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.live).toMatchObject({ sn: 'SIM-1', kind, lat: sample.lat, lng: sample.lng });
  });
});

describe('planGateways', () => {
  it('pairs each Pilot 2 RC with an aircraft and each dock with its own; demo aircraft fly the demo routes', () => {
    const plans = planGateways({ gateways: 2, docks: 1, prefix: 'T' }, { routes: [route], aircraftSerials: ['DEMO-1'] });
    expect(plans.map((p) => [p.kind, p.gateway.sn, p.gateway.domain, p.aircraft.sn, p.aircraft.domain])).toEqual([
      ['pilot', 'T-RC-0001', 2, 'DEMO-1', 0],
      ['pilot', 'T-RC-0002', 2, 'T-UAV-0002', 0],
      ['dock', 'T-DOCK-001', 3, 'T-DUAV-001', 0],
    ]);
    expect(plans.every((p) => p.route === route)).toBe(true);
  });

  it('without demo routes every aircraft flies its own circle', () => {
    const plans = planGateways({ gateways: 2, docks: 0, prefix: 'T' }, { routes: [], aircraftSerials: [] });
    expect(plans[0].route[0]).not.toEqual(plans[1].route[0]);
  });
});

/** The samples of `seconds` one-second steps. */
const run = (flight: Flight, seconds: number) => Array.from({ length: seconds }, () => flight.step(1));

describe('fly to', () => {
  const target: Point = { lat: 22.542, lng: 114.045, alt: 120 };

  it('leaves the route straight for the target at its speed, hovers there, and rejoins the route at the waypoint it was heading for', () => {
    const flight = new Flight(route, 10, 90, MODE.manual);
    flight.step(1);
    flight.flyTo(target);
    const outbound = run(flight, 200).filter((s) => s.horizontalSpeed > 0);
    const arrived = flight.step(1);
    expect(outbound.length).toBeGreaterThan(1);
    expect(distance(outbound[0], outbound[1])).toBeCloseTo(10, 0);
    expect(arrived).toMatchObject({ lat: target.lat, lng: target.lng, elevation: 120, horizontalSpeed: 0, flying: true, modeCode: MODE.manual });
    // Hovering keeps the heading it arrived with.
    expect(arrived.heading).toBe(outbound.at(-1)!.heading);
    flight.flyTo(null);
    const back = run(flight, 200);
    const next = route[1];
    expect(Math.min(...back.map((s) => distance(s, next)))).toBeLessThan(10);
    expect(back.every((s) => s.horizontalSpeed === 10)).toBe(true);
  });

  it('a low battery takes it home first, not to the target', () => {
    const flight = new Flight(route, 10, 26, MODE.manual);
    flight.flyTo(target);
    const samples = fly(flight, (mode) => mode === MODE.landing, 100);
    expect([...new Set(samples.map((s) => s.modeCode))]).toEqual([MODE.manual, MODE.returnHome, MODE.landing]);
    expect(samples.at(-1)!.homeDistance).toBeLessThan(1);
    expect(Math.min(...samples.map((s) => distance(s, target)))).toBeGreaterThan(100);
  });

  it('an order given on the ground is flown at the next take-off', () => {
    const flight = new Flight(route, 10, 26, MODE.manual);
    fly(flight, (mode) => mode === MODE.idle);
    flight.flyTo(target);
    const airborne = fly(flight, (mode) => mode === MODE.manual);
    const onward = run(flight, 200);
    expect(airborne.length).toBeGreaterThan(0);
    expect(onward.at(-1)).toMatchObject({ lat: target.lat, lng: target.lng, horizontalSpeed: 0 });
  });
});
