import { DEMO_USERS, type DemoPasswords } from './accounts';

const PREFIX = 'Demo logins: ';
/** Ends the list of logins in the banner line (three spaces, then what the line says about them). */
const END = '   ';

/** The banner line with the demo logins: `Demo logins: operator1 / <password>, …` (parseDemoLogins reads it back). */
export function describeDemoLogins(passwords: DemoPasswords): string {
  const logins = DEMO_USERS.map((u) => `${u.username} / ${passwords[u.username]}`).join(', ');
  return `${PREFIX}${logins}${END}(demo data seeded now; passwords generated now and shown only once; DEMO_SEED=0 skips the demo)`;
}

/** Each demo account's password, by username, from a server's output holding its banner line; {} when it has none. */
export function parseDemoLogins(output: string): Record<string, string> {
  const line = output.split('\n').find((l) => l.startsWith(PREFIX));
  if (!line) return {};
  const end = line.indexOf(END, PREFIX.length);
  const logins = line.slice(PREFIX.length, end < 0 ? undefined : end);
  return Object.fromEntries(logins.split(', ').map((login) => login.split(' / ')));
}
