/** Which S3 service an external store is: decides how device credentials are made (docs/media.md). */
export type S3Provider = 'aws' | 'minio' | 'ali';

/** An S3-compatible store this server does not run (S3_ENDPOINT set). */
export interface ExternalS3 {
  /** Where this server reaches the store. */
  endpoint: string;
  /** Where devices reach it (S3_PUBLIC_ENDPOINT, else `endpoint`). */
  publicEndpoint: string;
  accessKey: string;
  secretKey: string;
  provider: S3Provider;
  /** AWS: the role STS AssumeRole hands devices (narrowed to a workspace prefix); MinIO ignores it. */
  stsRoleArn?: string;
}

export interface MediaConfig {
  /** null: the server runs a local S3-compatible store itself, its data under DATA_DIR/objects. */
  s3: ExternalS3 | null;
  /** The local store's address as devices reach it (S3_PUBLIC_ENDPOINT); derived from its listening port when unset. */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  /** The local store's port (0: any free port). */
  localPort: number;
  /** How long a device's upload credentials stay valid (s). */
  credentialTtlSeconds: number;
  /** The largest file accepted (bytes). */
  maxBytes: number;
}
