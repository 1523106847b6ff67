import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** An HTTP request as the local object store receives it: method, the raw path and query, headers. */
export interface SignedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** What an AWS Signature V4 request says about itself (the Authorization header, or the X-Amz-* query of a presigned URL). */
export interface SigV4Claim {
  accessKeyId: string;
  /** yyyymmdd/region/service/aws4_request */
  scope: string;
  /** yyyymmddThhmmssZ */
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  /** A presigned URL's validity (s); undefined for a header-signed request. */
  expiresS?: number;
  securityToken?: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** A header-signed request is accepted this long either side of its x-amz-date (as S3 does). */
const CLOCK_SKEW_MS = 15 * 60 * 1000;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The raw query as [name, value] pairs, decoded. */
function queryPairs(url: string): [string, string][] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  return url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
      return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

/** Reads the signature claim of a request; null when it carries none or a malformed one. */
export function parseSigV4(request: SignedRequest): SigV4Claim | null {
  const query = new Map(queryPairs(request.url));
  const authorization = header(request.headers, 'authorization');
  if (query.get('X-Amz-Algorithm') === ALGORITHM && !authorization) {
    const [accessKeyId, ...scope] = (query.get('X-Amz-Credential') ?? '').split('/');
    const expiresS = Number(query.get('X-Amz-Expires'));
    const signature = query.get('X-Amz-Signature');
    const amzDate = query.get('X-Amz-Date');
    if (!accessKeyId || scope.length !== 4 || !signature || !amzDate || !Number.isInteger(expiresS)) return null;
    return {
      accessKeyId,
      scope: scope.join('/'),
      amzDate,
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature,
      expiresS,
      securityToken: query.get('X-Amz-Security-Token'),
    };
  }
  const match = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/([^,\s]+), ?SignedHeaders=([^,\s]+), ?Signature=([0-9a-f]{64})$/.exec(authorization ?? '');
  const amzDate = header(request.headers, 'x-amz-date');
  if (!match || !amzDate || match[2].split('/').length !== 4) return null;
  return {
    accessKeyId: match[1],
    scope: match[2],
    amzDate,
    signedHeaders: match[3].split(';'),
    signature: match[4],
    securityToken: header(request.headers, 'x-amz-security-token'),
  };
}

/** RFC 3986 encoding, as AWS canonicalises query names and values. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** When the claim was signed (ms), or NaN. */
function signedAt(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

/**
 * Whether `request` was signed with `secret` as `claim` says, and is still valid at `now` (a presigned URL until its
 * expiry, a header-signed request within 15 minutes of its date). The payload is taken as the client hashed it
 * (x-amz-content-sha256, UNSIGNED-PAYLOAD for a presigned URL): the body itself is not re-hashed here.
 */
export function verifySigV4(request: SignedRequest, claim: SigV4Claim, secret: string, now: number): boolean {
  const at = signedAt(claim.amzDate);
  if (Number.isNaN(at) || !claim.scope.startsWith(claim.amzDate.slice(0, 8) + '/')) return false;
  if (claim.expiresS !== undefined ? now > at + claim.expiresS * 1000 || now < at - CLOCK_SKEW_MS : Math.abs(now - at) > CLOCK_SKEW_MS) return false;
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  const query = queryPairs(request.url)
    .filter(([name]) => claim.expiresS === undefined || name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = claim.signedHeaders.map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const payload = claim.expiresS !== undefined ? 'UNSIGNED-PAYLOAD' : (header(request.headers, 'x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD');
  const canonical = [request.method, path, query, headers, claim.signedHeaders.join(';'), payload].join('\n');
  const stringToSign = [ALGORITHM, claim.amzDate, claim.scope, sha256(canonical)].join('\n');
  const [date, region, service] = claim.scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const given = Buffer.from(claim.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
