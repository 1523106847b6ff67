import type { BrokerLogin } from './gateway';
import type { Point } from './geometry';

/** The platform's answer envelope. */
interface Answer<T> {
  code?: number;
  message?: string;
  /** The reason of a refusal (shared/errorCodes.ts). */
  error_code?: string;
  data: T;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's error_code, when it gave one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

const errorCodeOf = (text: string): string | undefined => {
  try {
    return (JSON.parse(text) as Partial<Answer<unknown>>).error_code;
  } catch {
    return undefined;
  }
};

/** A signed-in session on the platform's HTTP API, as a pilot or an admin uses it. */
export class PlatformSession {
  private constructor(
    private readonly base: string,
    /** the login token (also the user's broker password) and who signed in, as the login answered. */
    readonly token: string,
    readonly user: unknown,
  ) {}

  /** Logs in; waits out the login rate limit (429 with retry-after) instead of failing. */
  static async login(base: string, username: string, password: string): Promise<PlatformSession> {
    for (;;) {
      const response = await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after') ?? 5);
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
        continue;
      }
      if (!response.ok) throw new ApiError(response.status, `login as ${username} answered ${response.status}`);
      const { token, user } = ((await response.json()) as Answer<{ token: string; user: unknown }>).data;
      return new PlatformSession(base, token, user);
    }
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, `${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`, errorCodeOf(text));
    return (JSON.parse(text) as Answer<T>).data;
  }

  async logout(): Promise<void> {
    await this.call('POST', '/auth/logout/').catch(() => undefined);
  }
}

/** Pilot 2's thing credentials for this session, as the /djiapp login page hands them to the bridge (contract C5). */
export async function pilotLogin(session: PlatformSession, workspaceId: number | string): Promise<BrokerLogin> {
  const config = await session.call<{ mqttUsername: string | null; mqttPassword: string | null }>('GET', `/djiconf/${workspaceId}/`);
  if (!config.mqttUsername || !config.mqttPassword)
    throw new Error(`GET /api/djiconf/${workspaceId}/ issued no thing credentials (does the user have a pilot permission?)`);
  return { username: config.mqttUsername, password: config.mqttPassword };
}

interface DeviceRow {
  id: number;
  serial: string;
  kind: string;
}

/** The registered device with this serial, if any. */
export async function findDevice(session: PlatformSession, serial: string): Promise<DeviceRow | undefined> {
  const page = await session.call<{ items: DeviceRow[] }>('GET', `/Device/?search=${encodeURIComponent(serial)}&page_size=50`);
  return page.items.find((row) => row.serial === serial);
}

/** A dock's broker login: registers the dock (the answer shows its secret once) or rotates the secret of a known one. */
export async function dockLogin(session: PlatformSession, dock: { sn: string; model: string; name: string }): Promise<BrokerLogin> {
  const existing = await findDevice(session, dock.sn);
  const answer = existing
    ? await session.call<{ secret: string }>('POST', `/Device/${existing.id}/secret/`, {})
    : await session.call<{ secret: string }>('POST', '/Device/', { serial: dock.sn, name: dock.name, model: dock.model, kind: 'dock' });
  return { username: dock.sn, password: answer.secret };
}

/** The demo routes and the registered aircraft serials, so the simulation flies what the demo data shows. */
export async function demoData(session: PlatformSession): Promise<{ routes: Point[][]; aircraftSerials: string[] }> {
  const [routes, aircraft] = await Promise.all([
    session.call<{ items: Array<{ waypoints?: Array<Partial<Point>> }> }>('GET', '/Route/?page_size=100'),
    session.call<{ items: DeviceRow[] }>('GET', '/Device/?kind=aircraft&page_size=100'),
  ]);
  return {
    routes: routes.items
      .map((route) =>
        (route.waypoints ?? [])
          .filter((w): w is Point => typeof w.lat === 'number' && typeof w.lng === 'number')
          .map((w) => ({ lat: w.lat, lng: w.lng, alt: typeof w.alt === 'number' ? w.alt : 80 })),
      )
      .filter((points) => points.length >= 2),
    aircraftSerials: aircraft.items.map((row) => row.serial),
  };
}
