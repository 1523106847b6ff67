import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const KEY_LENGTH = 64;
// OWASP's current recommendation for scrypt (N=2^17, r=8, p=1): 128 × N × r bytes = 128 MiB per hash, so maxmem above that.
export const PASSWORD_COST = { N: 2 ** 17, r: 8, p: 1 };
const MAXMEM = 256 * 1024 * 1024;

/** Format: scrypt$N$r$p$saltBase64$hashBase64, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PASSWORD_COST, maxmem: MAXMEM });
  return ['scrypt', PASSWORD_COST.N, PASSWORD_COST.r, PASSWORD_COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const expected = Buffer.from(hashText, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with weaker parameters than today's (it is replaced at the next successful login). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < PASSWORD_COST.N || Number(r) < PASSWORD_COST.r || Number(p) < PASSWORD_COST.p;
}

/** A readable random password for the generated first admin account and the demo accounts. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
