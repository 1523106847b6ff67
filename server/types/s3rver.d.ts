/** s3rver ships no types; the media library's local store uses its Koa app, bucket set-up and key registry only. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class S3rver {
    constructor(options: { directory: string; silent?: boolean; configureBuckets?: { name: string }[] });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    configureBuckets(): Promise<void>;
    logger: { exceptions: { unhandle(): void }; close(): void };
  }
}

declare module 's3rver/lib/models/account' {
  interface AWSAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  }
  export const DUMMY_ACCOUNT: AWSAccount;
}
