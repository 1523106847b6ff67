import { parentPort } from 'node:worker_threads';
import { WaylineError } from './errors';
import { readWaylineFile } from './import';

/**
 * A wayline reader thread (see readerPool.ts): reads one uploaded file per message, off the server's event loop,
 * and answers with the read file or the WaylineError's code, message and params.
 */
export interface ReadJob {
  id: number;
  fileName: string;
  bytes: Uint8Array;
}

parentPort!.on('message', ({ id, fileName, bytes }: ReadJob) => {
  try {
    parentPort!.postMessage({ id, read: readWaylineFile(fileName, bytes) });
  } catch (error) {
    const failure =
      error instanceof WaylineError
        ? { code: error.code, message: error.message, params: error.params }
        : { message: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage({ id, failure });
  }
});
