import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { MediaConfig, S3Provider } from './config';
import { startLocalObjectStore, type AccessKey, type LocalObjectStore } from './localStore';

/** What a device is told to upload with: storage_config_get's output and Pilot 2's /sts answer (dji-cloud-api-next.md §2). */
export interface StorageConfig {
  bucket: string;
  credentials: { access_key_id: string; access_key_secret: string; expire: number; security_token: string };
  endpoint: string;
  provider: S3Provider;
  region: string;
  object_key_prefix: string;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** An object read whole (ObjectStore.read), or why it was not. */
export type ObjectRead = { kind: 'read'; data: Buffer } | { kind: 'missing' } | { kind: 'too_large'; size: number };

/** The media library's object store: one bucket, a prefix per workspace (project). */
export interface ObjectStore {
  readonly bucket: string;
  put(key: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void>;
  /** The object's size, or null when it does not exist. */
  head(key: string): Promise<{ size: number } | null>;
  /** The object's bytes (a range `start`..`end` inclusive when given). */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  /**
   * The object's bytes in one request when it holds at most `maxBytes` (its size is read from the answer's headers,
   * so a larger one's body is not read), else what stopped it.
   */
  read(key: string, maxBytes: number): Promise<ObjectRead>;
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Upload credentials for a device, valid only for objects under `prefix`. */
  deviceCredentials(prefix: string): Promise<StorageConfig>;
  describe(): string;
  close(): Promise<void>;
}

const clientOptions = (endpoint: string, region: string, key: AccessKey, provider: S3Provider) =>
  new S3Client({
    endpoint,
    region,
    credentials: key,
    // Aliyun OSS answers only virtual-hosted addresses; MinIO and the local store path-style ones.
    forcePathStyle: provider !== 'ali',
    // Plain signed payloads: no aws-chunked trailers, which not every S3-compatible store understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const isMissing = (error: unknown) => error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** A session policy allowing uploads (and reading them back) under one prefix of one bucket. */
export function prefixPolicy(bucket: string, prefix: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        Resource: [`arn:aws:s3:::${bucket}/${prefix}*`],
      },
    ],
  });
}

/**
 * Opens the store the configuration names: an external S3/MinIO/OSS service, or (nothing configured) the local store
 * under DATA_DIR/objects. `publicEndpoint()` is where devices reach it (read at the time credentials are issued).
 */
export async function openObjectStore(config: MediaConfig, dataDir: string, host: string): Promise<ObjectStore> {
  const { bucket, region, credentialTtlSeconds: ttl } = config;
  let local: LocalObjectStore | undefined;
  let client: S3Client;
  let publicEndpoint: string;
  let provider: S3Provider;
  let credentials: (prefix: string) => Promise<StorageConfig['credentials']>;
  if (config.s3) {
    const s3 = config.s3;
    provider = s3.provider;
    publicEndpoint = s3.publicEndpoint;
    const root = { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey };
    client = clientOptions(s3.endpoint, region, root, provider);
    credentials = async (prefix) => {
      // Aliyun's STS is not the AWS one: the configured key is handed out, and must be a RAM user limited to the bucket (docs/media.md).
      if (provider === 'ali') return { access_key_id: s3.accessKey, access_key_secret: s3.secretKey, expire: ttl, security_token: '' };
      const sts = new STSClient({ region, credentials: root, ...(provider === 'minio' ? { endpoint: s3.endpoint } : {}) });
      const answer = await sts.send(
        new AssumeRoleCommand({
          // MinIO ignores the role; AWS needs one (S3_STS_ROLE_ARN).
          RoleArn: s3.stsRoleArn ?? 'arn:aws:iam::000000000000:role/skyline-media',
          RoleSessionName: `skyline-${randomBytes(4).toString('hex')}`,
          DurationSeconds: ttl,
          Policy: prefixPolicy(bucket, prefix),
        }),
      );
      const c = answer.Credentials;
      if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('STS answered without credentials');
      return { access_key_id: c.AccessKeyId, access_key_secret: c.SecretAccessKey, expire: ttl, security_token: c.SessionToken ?? '' };
    };
  } else {
    const store = await startLocalObjectStore({ directory: path.join(dataDir, 'objects'), host, port: config.localPort, buckets: [bucket] });
    local = store;
    provider = 'minio';
    publicEndpoint = config.publicEndpoint ?? store.endpoint;
    client = clientOptions(store.endpoint, region, store.rootKey, provider);
    credentials = async (prefix) => {
      const key = store.issue(bucket, prefix, ttl);
      return { access_key_id: key.accessKeyId, access_key_secret: key.secretAccessKey, expire: ttl, security_token: key.sessionToken };
    };
  }

  return {
    bucket,
    async put(key, body, contentType, size) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async get(key, range) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      return answer.Body as Readable;
    },
    async getBuffer(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async read(key, maxBytes) {
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return { kind: 'missing' };
        throw error;
      }
      const size = answer.ContentLength ?? 0;
      if (size > maxBytes) {
        (answer.Body as Readable).destroy();
        return { kind: 'too_large', size };
      }
      return { kind: 'read', data: Buffer.from(await answer.Body!.transformToByteArray()) };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async deviceCredentials(prefix) {
      return { bucket, credentials: await credentials(prefix), endpoint: publicEndpoint, provider, region, object_key_prefix: prefix };
    },
    describe: () =>
      local ? `Media: local S3 store ${local.endpoint} (bucket ${bucket})` : `Media: ${provider} S3 store ${config.s3!.endpoint} (bucket ${bucket})`,
    async close() {
      client.destroy();
      await local?.close();
    },
  };
}
