import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaConfig } from '../../../server/media/config';
import { openObjectStore, type ObjectStore, type StorageConfig } from '../../../server/media/objectStore';

const config: MediaConfig = { s3: null, bucket: 'media-test', region: 'us-east-1', localPort: 0, credentialTtlSeconds: 900, maxBytes: 1 << 20 };

/** A device's S3 client built from what storage_config_get answered, as a dock builds it. */
const deviceClient = (answer: StorageConfig, secret = answer.credentials.access_key_secret, token = answer.credentials.security_token) =>
  new S3Client({
    endpoint: answer.endpoint,
    region: answer.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: answer.credentials.access_key_id, secretAccessKey: secret, sessionToken: token },
  });

describe('local object store (no S3 configured)', () => {
  let root: string;
  let store: ObjectStore;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-objects-'));
    store = await openObjectStore(config, root, '127.0.0.1');
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stores, reads, ranges, lists and deletes objects under DATA_DIR/objects', async () => {
    await store.put('media/1/a.jpg', Buffer.from('0123456789'), 'image/jpeg');
    expect(await store.head('media/1/a.jpg')).toEqual({ size: 10 });
    expect((await store.getBuffer('media/1/a.jpg')).toString()).toBe('0123456789');
    // Read whole in one request, unless larger than asked (the body is then not read) or missing.
    expect(await store.read('media/1/a.jpg', 10)).toEqual({ kind: 'read', data: Buffer.from('0123456789') });
    expect(await store.read('media/1/a.jpg', 9)).toEqual({ kind: 'too_large', size: 10 });
    expect(await store.read('media/1/none.jpg', 10)).toEqual({ kind: 'missing' });
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get('media/1/a.jpg', { start: 2, end: 4 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('234');
    const listed = [];
    for await (const o of store.list('media/1/')) listed.push(o.key);
    expect(listed).toEqual(['media/1/a.jpg']);
    expect(fs.existsSync(path.join(root, 'objects', 'media-test'))).toBe(true);
    await store.delete('media/1/a.jpg');
    expect(await store.head('media/1/a.jpg')).toBeNull();
  });

  it('hands devices a key that uploads under their workspace prefix only', async () => {
    const answer = await store.deviceCredentials('media/7/');
    expect(answer).toMatchObject({ bucket: 'media-test', provider: 'minio', object_key_prefix: 'media/7/', credentials: { expire: 900 } });
    expect(answer.credentials.security_token).not.toBe('');
    const device = deviceClient(answer);
    await device.send(new PutObjectCommand({ Bucket: answer.bucket, Key: 'media/7/DJI_0001.JPG', Body: Buffer.from('photo') }));
    expect(await store.head('media/7/DJI_0001.JPG')).toEqual({ size: 5 });

    // Another workspace's prefix, a path escaping the prefix, the bucket listing: refused.
    for (const Key of ['media/8/DJI_0001.JPG', 'media/7/../8/x.JPG', 'other.JPG'])
      await expect(device.send(new PutObjectCommand({ Bucket: answer.bucket, Key, Body: Buffer.from('x') }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    expect(await store.head('media/8/DJI_0001.JPG')).toBeNull();
    // The right key id with a wrong secret, or without its session token.
    await expect(
      deviceClient(answer, 'wrong-secret').send(new PutObjectCommand({ Bucket: answer.bucket, Key: 'media/7/b.JPG', Body: Buffer.from('x') })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(
      deviceClient(answer, undefined, '').send(new PutObjectCommand({ Bucket: answer.bucket, Key: 'media/7/b.JPG', Body: Buffer.from('x') })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    expect(await store.head('media/7/b.JPG')).toBeNull();
  });

  it('checks presigned addresses too, and refuses unsigned requests', async () => {
    const answer = await store.deviceCredentials('media/7/');
    await store.put('media/7/c.JPG', Buffer.from('seen'), 'image/jpeg');
    const device = deviceClient(answer);
    const url = await getSignedUrl(device, new GetObjectCommand({ Bucket: answer.bucket, Key: 'media/7/c.JPG' }), { expiresIn: 60 });
    expect(await (await fetch(url)).text()).toBe('seen');
    expect((await fetch(url.replace('media/7/c.JPG', 'media/7/d.JPG'))).status).toBe(403);
    expect((await fetch(`${answer.endpoint}/media-test/media/7/c.JPG`)).status).toBe(403);
  });
});
