/**
 * Device simulator: N drones connect as device clients (username = serial, password = DEVICE_SECRET) and publish
 * telemetry on thing/product/{sn}/osd. They fly the demo routes when the server API answers (login with
 * ADMIN_USER/ADMIN_PASSWORD), otherwise circles near Shenzhen.
 *
 *   npm run simulate -- --drones 50 [--url ws://localhost:8080/mqtt] [--rate 1] [--secret …] [--api http://localhost:8080]
 */
import mqtt, { type MqttClient } from 'mqtt';

interface Args {
  drones: number;
  url: string;
  rate: number;
  secret: string;
  api: string;
  user: string;
  password?: string;
  prefix: string;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      'npm run simulate -- [--drones 10] [--url ws://localhost:8080/mqtt] [--rate 1] [--secret DEVICE_SECRET] [--api http://localhost:8080] [--user admin --password …] [--prefix SIM]',
    );
    process.exit(0);
  }
  const port = process.env.PORT ?? '8080';
  const url = get('url') ?? process.env.SIM_MQTT_URL ?? `ws://localhost:${port}/mqtt`;
  const drones = Number(get('drones') ?? 10);
  const rate = Number(get('rate') ?? 1);
  if (!Number.isInteger(drones) || drones < 1 || drones > 5000) throw new Error('--drones must be an integer 1…5000');
  if (!(rate > 0 && rate <= 50)) throw new Error('--rate must be between 0 and 50 Hz');
  const api =
    get('api') ??
    url
      .replace(/^ws/, 'http')
      .replace(/^mqtt/, 'http')
      .replace(/\/mqtt$/, '');
  return {
    drones,
    url,
    rate,
    secret: get('secret') ?? process.env.DEVICE_SECRET ?? '',
    api,
    user: get('user') ?? process.env.ADMIN_USER ?? 'admin',
    password: get('password') ?? process.env.ADMIN_PASSWORD,
    prefix: get('prefix') ?? 'SIM',
  };
}

interface Point {
  lat: number;
  lng: number;
  alt: number;
}

const CENTRE = { lat: 22.54, lng: 114.05 };
const EARTH = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

function distance(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH * Math.asin(Math.sqrt(h));
}

function bearing(a: Point, b: Point): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

function circle(index: number): Point[] {
  // Spread the circles on a ring of ~5 km around the centre.
  const angle = (index * 137.5 * Math.PI) / 180;
  const ring = 800 + (index % 7) * 600;
  const centre = { lat: CENTRE.lat + (ring * Math.cos(angle)) / 111_320, lng: CENTRE.lng + (ring * Math.sin(angle)) / (111_320 * Math.cos(rad(CENTRE.lat))) };
  const radius = 250 + (index % 5) * 120;
  const alt = 60 + (index % 4) * 20;
  return Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return { lat: centre.lat + (radius * Math.cos(a)) / 111_320, lng: centre.lng + (radius * Math.sin(a)) / (111_320 * Math.cos(rad(centre.lat))), alt };
  });
}

/** Logs in and reads routes and registered device serials; empty lists when the API is unreachable. */
async function loadDemoData(args: Args): Promise<{ routes: Point[][]; serials: string[] }> {
  if (!args.password) return { routes: [], serials: [] };
  const arrayOf = (data: unknown): Array<Record<string, unknown>> => {
    if (Array.isArray(data)) return data;
    const d = data as Record<string, unknown> | null;
    for (const key of ['results', 'items', 'list', 'rows', 'data']) if (d && Array.isArray(d[key])) return d[key] as Array<Record<string, unknown>>;
    return [];
  };
  try {
    const login = await fetch(`${args.api}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: args.user, password: args.password }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const get = async (path: string) => {
      const response = await fetch(`${args.api}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      return response.ok ? arrayOf(((await response.json()) as { data: unknown }).data) : [];
    };
    const [routeRows, deviceRows] = await Promise.all([get('/Route/?page_size=100'), get('/Device/?page_size=100')]);
    const routes = routeRows
      .map((r) => (Array.isArray(r.waypoints) ? (r.waypoints as Array<Record<string, number>>) : []))
      .map((wps) =>
        wps
          .filter((w) => typeof w.lat === 'number' && typeof w.lng === 'number')
          .map((w) => ({ lat: w.lat, lng: w.lng, alt: typeof w.alt === 'number' ? w.alt : 80 })),
      )
      .filter((wps) => wps.length >= 2);
    const serials = deviceRows
      .map((d) => d.serial ?? d.sn ?? d.serial_number)
      .filter((s): s is string => typeof s === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(s));
    return { routes, serials };
  } catch (error) {
    console.warn(`API ${args.api} not usable (${error instanceof Error ? error.message : error}): flying circles near Shenzhen with ${args.prefix}-serials`);
    return { routes: [], serials: [] };
  }
}

class Drone {
  private leg = 0;
  private pos: Point;
  private battery: number;
  private charging = false;
  private readonly speed: number;
  sent = 0;

  constructor(
    readonly sn: string,
    private readonly path: Point[],
    readonly client: MqttClient,
    index: number,
  ) {
    this.pos = { ...path[0] };
    this.battery = 60 + ((index * 37) % 40);
    this.speed = 8 + (index % 5);
  }

  /** Advances dt seconds and returns the sample to publish. */
  step(dt: number) {
    let status: 'flying' | 'online' = 'flying';
    let speed = this.speed;
    let heading = 0;
    if (this.charging) {
      this.battery = Math.min(100, this.battery + 2 * dt);
      if (this.battery >= 99) this.charging = false;
      status = 'online';
      speed = 0;
    } else {
      let travel = this.speed * dt;
      while (travel > 0) {
        const target = this.path[(this.leg + 1) % this.path.length];
        const d = distance(this.pos, target);
        heading = bearing(this.pos, target);
        if (d <= travel) {
          this.pos = { ...target };
          this.leg = (this.leg + 1) % this.path.length;
          travel -= d;
          if (d === 0) break;
        } else {
          const f = travel / d;
          this.pos = {
            lat: this.pos.lat + (target.lat - this.pos.lat) * f,
            lng: this.pos.lng + (target.lng - this.pos.lng) * f,
            alt: this.pos.alt + (target.alt - this.pos.alt) * f,
          };
          travel = 0;
        }
      }
      this.battery = Math.max(0, this.battery - 0.08 * dt);
      if (this.battery < 15) this.charging = true;
    }
    const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
    return {
      sn: this.sn,
      lat: round(this.pos.lat, 7),
      lng: round(this.pos.lng, 7),
      alt: status === 'flying' ? round(this.pos.alt, 1) : 0,
      speed: round(speed, 1),
      heading: round(heading, 1),
      battery: round(this.battery, 1),
      status,
      at: Date.now(),
    };
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const demo = await loadDemoData(args);
  const serials = Array.from({ length: args.drones }, (_, i) => demo.serials[i] ?? `${args.prefix}-${String(i + 1).padStart(4, '0')}`);
  console.log(
    `Simulating ${args.drones} drone(s) at ${args.rate} Hz on ${args.url} (${demo.routes.length ? `${demo.routes.length} demo route(s)` : 'circles near Shenzhen'}); Ctrl+C stops.`,
  );
  const drones = serials.map((sn, i) => {
    const client = mqtt.connect(args.url, {
      clientId: `dev_${sn}_${process.pid}`,
      username: sn,
      password: args.secret,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 7000,
    });
    let warned = false;
    client.on('error', (error) => {
      if (!warned) console.warn(`${sn}: ${error.message}`);
      warned = true;
    });
    client.on('connect', () => (warned = false));
    const path = demo.routes.length ? demo.routes[i % demo.routes.length] : circle(i);
    return new Drone(sn, path, client, i);
  });

  const periodMs = 1000 / args.rate;
  let last = Date.now();
  const tick = setInterval(() => {
    const now = Date.now();
    const dt = (now - last) / 1000;
    last = now;
    for (const drone of drones) {
      const sample = drone.step(dt);
      if (drone.client.connected) {
        drone.client.publish(`thing/product/${drone.sn}/osd`, JSON.stringify(sample), { qos: 0 });
        drone.sent++;
      }
    }
  }, periodMs);
  const report = setInterval(() => {
    const connected = drones.filter((d) => d.client.connected).length;
    console.log(`${new Date().toISOString()}  connected ${connected}/${drones.length}  sent ${drones.reduce((s, d) => s + d.sent, 0)}`);
  }, 10_000);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(tick);
    clearInterval(report);
    await Promise.all(drones.map((d) => d.client.endAsync().catch(() => undefined)));
    console.log(`Stopped; ${drones.reduce((s, d) => s + d.sent, 0)} samples sent.`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('simulate:', error instanceof Error ? error.message : error);
  process.exit(1);
});
