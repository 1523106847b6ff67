import type { MediaConfig } from './config';
import type { ObjectStore } from './objectStore';

/**
 * The store, opened on first use: the S3 client and the local store (s3rver) are loaded and started only once
 * something reads or writes media, so a server that never handles any starts as fast as before.
 */
export function lazyObjectStore(config: MediaConfig, dataDir: string, host: string): ObjectStore {
  let opened: Promise<ObjectStore> | undefined;
  const store = () => (opened ??= import('./objectStore').then(({ openObjectStore }) => openObjectStore(config, dataDir, host)));
  return {
    bucket: config.bucket,
    put: async (...args) => (await store()).put(...args),
    head: async (key) => (await store()).head(key),
    get: async (key, range) => (await store()).get(key, range),
    getBuffer: async (key) => (await store()).getBuffer(key),
    read: async (key, maxBytes) => (await store()).read(key, maxBytes),
    delete: async (key) => (await store()).delete(key),
    async *list(prefix) {
      yield* (await store()).list(prefix);
    },
    deviceCredentials: async (prefix) => (await store()).deviceCredentials(prefix),
    describe: () =>
      config.s3 ? `Media: ${config.s3.provider} S3 store ${config.s3.endpoint}` : `Media: local S3 store under DATA_DIR/objects (started on first use)`,
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
