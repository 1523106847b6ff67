import { DEFAULT_ROUTE_SETTINGS, type WaylineAction } from '@shared/wayline/model';
import { routeMetrics } from '@shared/wayline/metrics';

// Two waypoints 1111.95 m apart (0.01° of latitude) at the same height, flown at 10 m/s: 111.2 s.
const leg = (actions: WaylineAction[] = [], speed = 10) => [
  { lat: 22.5, lng: 114, alt: 100, speed, actions },
  { lat: 22.51, lng: 114, alt: 100, speed },
];

describe('routeMetrics', () => {
  it.each<[string, ReturnType<typeof leg>, string, { length_m: number; duration_s: number; battery_pct: number }]>([
    ['a level leg on the default Mavic 3E (2160 s usable)', leg(), DEFAULT_ROUTE_SETTINGS.drone_model, { length_m: 1112, duration_s: 111.2, battery_pct: 5.1 }],
    ['a 30 s hover adds its seconds', leg([{ type: 'hover', seconds: 30 }]), '0-77-0', { length_m: 1112, duration_s: 141.2, battery_pct: 6.5 }],
    [
      'a photo (1 s), a gimbal turn (2 s) and a yaw turn (4 s)',
      leg([{ type: 'takePhoto' }, { type: 'gimbalRotate', pitch: -90 }, { type: 'rotateYaw', heading: 90 }]),
      '0-77-0',
      { length_m: 1112, duration_s: 118.2, battery_pct: 5.5 },
    ],
    ['half the speed, twice the time', leg([], 5), '0-77-0', { length_m: 1112, duration_s: 222.4, battery_pct: 10.3 }],
    ['a longer-lived Matrice 350 (2640 s) uses less of its battery', leg(), '0-89-0', { length_m: 1112, duration_s: 111.2, battery_pct: 4.2 }],
    ['an unknown aircraft is charged against a conservative 1500 s', leg(), '0-9999-0', { length_m: 1112, duration_s: 111.2, battery_pct: 7.4 }],
  ])('%s', (_name, waypoints, model, expected) => {
    expect(routeMetrics(waypoints, model)).toEqual(expected);
  });
});
