import net from 'node:net';

/** Fastify's trustProxy forms that stay safe: no proxy, a hop count, or the proxies' addresses/CIDRs. Never `true`. */
export type TrustProxy = false | number | string[];

export type TrustProxyParse = { ok: true; trustProxy: TrustProxy } | { ok: false; error: string };

// proxy-addr's named ranges (what Fastify uses underneath).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/"0"/"false" → the socket address is the client; a whole number n → trust the n closest hops of
 * X-Forwarded-For ("1": the one load balancer in front, which appends the real address); otherwise a comma-separated
 * list of proxy addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string | undefined): TrustProxyParse {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return { ok: true, trustProxy: false };
  if (/^\d+$/.test(text)) return { ok: true, trustProxy: Number(text) };
  if (text === 'true' || text === '*')
    return { ok: false, error: `TRUST_PROXY="${text}" would trust any X-Forwarded-For; give the hop count (e.g. 1) or the proxy addresses` };
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length) return { ok: false, error: `TRUST_PROXY takes a hop count or proxy addresses/CIDRs, not ${bad.map((b) => `"${b}"`).join(', ')}` };
  return { ok: true, trustProxy: entries };
}

/** The value for Fastify's `trustProxy` option (its types leave out the hop count that proxy-addr itself supports). */
export function fastifyTrustProxy(trustProxy: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
