import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account';
import { parseSigV4, verifySigV4, type SignedRequest } from './sigv4';

/** Keys of the S3 protocol: what the server itself uses, and what a device is handed. */
export interface AccessKey {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface ScopedKey extends AccessKey {
  sessionToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** The S3-compatible store the server runs itself when no S3_ENDPOINT is configured. */
export interface LocalObjectStore {
  /** Where this server reaches it. */
  endpoint: string;
  /** The server's own key: every bucket and object. */
  rootKey: AccessKey;
  /** A key for objects under `prefix` of `bucket` only (upload, read back, multipart), valid `ttlSeconds`. */
  issue(bucket: string, prefix: string, ttlSeconds: number): ScopedKey;
  close(): Promise<void>;
}

interface Grant {
  key: ScopedKey;
  bucket: string;
  prefix: string;
}

/** What a scoped key may do: write objects (single or multipart), read them back, abort its own multipart upload. */
const SCOPED_METHODS = new Set(['PUT', 'POST', 'GET', 'HEAD']);

const randomId = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** The bucket and object key of a path-style request, or null (service-level request, or a key with a `..` segment). */
export function objectOfPath(url: string): { bucket: string; key: string } | null {
  const path = url.split('?')[0];
  const slash = path.indexOf('/', 1);
  if (slash < 0) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(slash + 1));
  } catch {
    return null;
  }
  if (!key || key.split('/').some((segment) => segment === '..' || segment === '.') || key.includes('\0') || key.includes('\\')) return null;
  return { bucket: decodeURIComponent(path.slice(1, slash)), key };
}

/** Why a request is refused, or null when it may pass to the store. */
export function refusal(request: SignedRequest, root: AccessKey, grants: ReadonlyMap<string, Grant>, now: number): string | null {
  const claim = parseSigV4(request);
  if (!claim) return 'unsigned request';
  if (claim.accessKeyId === root.accessKeyId) {
    if (!verifySigV4(request, claim, root.secretAccessKey, now)) return 'signature does not match';
    // The service, a bucket (`/b`, `/b/`) or a well-formed object key.
    const target = request.url.split('?')[0];
    const slash = target.indexOf('/', 1);
    return slash < 0 || slash === target.length - 1 || objectOfPath(request.url) ? null : 'bad object key';
  }
  const grant = grants.get(claim.accessKeyId);
  if (!grant || grant.key.expiresAt <= now) return 'unknown or expired access key';
  if (claim.securityToken !== grant.key.sessionToken) return 'security token does not match';
  if (!verifySigV4(request, claim, grant.key.secretAccessKey, now)) return 'signature does not match';
  const object = objectOfPath(request.url);
  if (!object || object.bucket !== grant.bucket || !object.key.startsWith(grant.prefix)) return 'outside the key’s prefix';
  const abortsUpload = request.method === 'DELETE' && /[?&]uploadId=/.test(request.url);
  if (!SCOPED_METHODS.has(request.method) && !abortsUpload) return 'method not allowed for this key';
  return null;
}

function accessDenied(res: http.ServerResponse, reason: string) {
  res.writeHead(403, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${reason}</Message></Error>`);
}

/**
 * Starts s3rver (files under `directory`) behind a gate that checks every request's AWS Signature V4 (s3rver itself
 * does not) against the server's root key or a scoped key this store issued: a scoped key reaches only objects
 * under its prefix, until it expires, and only with its session token (as STS credentials work).
 */
export async function startLocalObjectStore(options: { directory: string; host: string; port: number; buckets: string[] }): Promise<LocalObjectStore> {
  const s3 = new S3rver({ directory: options.directory, silent: true, configureBuckets: options.buckets.map((name) => ({ name })) });
  await s3.configureBuckets();
  const rootKey: AccessKey = { accessKeyId: `SKYLINE${randomId(8)}`, secretAccessKey: randomBytes(30).toString('base64') };
  DUMMY_ACCOUNT.createKeyPair(rootKey.accessKeyId, rootKey.secretAccessKey);
  const grants = new Map<string, Grant>();
  const handler = s3.callback();
  const server = http.createServer((req, res) => {
    const reason = refusal({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, rootKey, grants, Date.now());
    if (reason) {
      req.resume();
      return accessDenied(res, reason);
    }
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, () => resolve()));
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const forget = (accessKeyId: string) => {
    grants.delete(accessKeyId);
    DUMMY_ACCOUNT.revokeAccessKey(accessKeyId);
  };
  return {
    endpoint: `http://${host}:${port}`,
    rootKey,
    issue(bucket, prefix, ttlSeconds) {
      const now = Date.now();
      for (const [id, grant] of grants) if (grant.key.expiresAt <= now) forget(id);
      const key: ScopedKey = {
        accessKeyId: `SKYTMP${randomId(8)}`,
        secretAccessKey: randomBytes(30).toString('base64'),
        sessionToken: randomBytes(32).toString('base64url'),
        expiresAt: now + ttlSeconds * 1000,
      };
      grants.set(key.accessKeyId, { key, bucket, prefix });
      DUMMY_ACCOUNT.createKeyPair(key.accessKeyId, key.secretAccessKey);
      return key;
    },
    async close() {
      for (const id of grants.keys()) forget(id);
      DUMMY_ACCOUNT.revokeAccessKey(rootKey.accessKeyId);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3.logger.exceptions.unhandle();
      s3.logger.close();
    },
  };
}
