import type { S3Client } from '@aws-sdk/client-s3';

/** Object-store access as the platform hands it to a device (storage_config_get, fileupload_start). */
export interface DeviceStorage {
  endpoint: string;
  provider: string;
  region: string;
  credentials: { access_key_id: string; access_key_secret: string; security_token: string };
}

/** An S3 client with a device's credentials, as a dock's uploader builds it (path-style except on Aliyun OSS). */
export async function deviceS3(storage: DeviceStorage): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const c = storage.credentials;
  return new S3Client({
    endpoint: storage.endpoint,
    region: storage.region,
    forcePathStyle: storage.provider !== 'ali',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: c.access_key_id, secretAccessKey: c.access_key_secret, sessionToken: c.security_token || undefined },
  });
}
