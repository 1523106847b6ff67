import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword, needsRehash, verifyPassword } from '../../../server/auth/password';
import { DEMO_USERS, describeDemoLogins, parseDemoLogins } from '../../../server/seed/demo';
import { startServer, type TestServer } from '../api/harness';

/** A hash in the stored format with explicit parameters (older installations used N=2^14). */
function hashWith(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('needsRehash', () => {
  const table: [string, boolean][] = [
    [`scrypt$16384$8$1$salt$hash`, true],
    [`scrypt$${2 ** 17}$8$1$salt$hash`, false],
    [`scrypt$${2 ** 17}$4$1$salt$hash`, true],
    [`bcrypt$whatever`, true],
  ];
  it.each(table)('%s → %s', (stored, expected) => expect(needsRehash(stored)).toBe(expected));
  it("hashes at OWASP's recommendation, which needs no rehash", async () => {
    const stored = await hashPassword('owasp-pass');
    expect(stored.startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('owasp-pass', stored)).toBe(true);
  });
});

describe('passwords over the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => server?.close());
  const login = (username: string, password: string) =>
    server.handle.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password } }).then((r) => r.statusCode);

  it('gives every demo account its own random password, known only from the seeding', async () => {
    const passwords = server.handle.demoPasswords!;
    expect(Object.keys(passwords).sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
    expect(new Set(Object.values(passwords)).size).toBe(DEMO_USERS.length);
    for (const password of Object.values(passwords)) expect(password).toMatch(/^[\w-]{16}$/);
    expect(await login('operator1', passwords.operator1)).toBe(200);
    expect(await login('operator1', passwords.operator2)).toBe(401);
  });

  it('shows the demo passwords once, in the start-up banner line the browser tests read back', () => {
    const passwords = server.handle.demoPasswords!;
    const banner = ['Skyline Ops on http://localhost:8080', describeDemoLogins(passwords), 'Admin: admin / secret'].join('\n');
    expect(parseDemoLogins(banner)).toEqual(passwords);
    expect(parseDemoLogins('Skyline Ops on http://localhost:8080\nAdmin: admin / secret')).toEqual({});
  });

  it('upgrades a hash made with older parameters at the next login', async () => {
    const db = server.handle.database.db;
    await sql`update users set password_hash = ${hashWith('old-school-pass', 2 ** 14)} where username = 'viewer2'`.execute(db);
    expect(await login('viewer2', 'old-school-pass')).toBe(200);
    const stored = await db.selectFrom('users').select('password_hash').where('username', '=', 'viewer2').executeTakeFirstOrThrow();
    expect(stored.password_hash.startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
    expect(await login('viewer2', 'old-school-pass')).toBe(200);
  });
});
