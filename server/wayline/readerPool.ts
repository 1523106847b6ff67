import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ErrorCode, ErrorParamValue } from '@shared/errorCodes';
import { WaylineError } from './errors';
import type { WaylineFile } from './import';
import type { ReadJob } from './worker';

/** A thread's start: tsx's require hook (TypeScript and the tsconfig paths, as the server runs), then worker.ts. */
const THREAD_MAIN = `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'worker.ts'))});`;

type Answer = { id: number; read: WaylineFile } | { id: number; failure: { code?: ErrorCode; message: string; params?: Record<string, ErrorParamValue> } };

interface Pending {
  job: ReadJob;
  resolve: (read: WaylineFile) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
}

/**
 * Reads uploaded wayline files on worker threads, so a large file (a 3 MB waylines.wpml, a line of 10,000 points)
 * never holds the event loop: other requests are answered while it is parsed. At most `size` files are read at once,
 * the rest wait their turn; the threads start on the first file and are TypeScript run through tsx like the server.
 */
export class WaylineReaderPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  read(fileName: string, bytes: Uint8Array): Promise<WaylineFile> {
    if (this.closed) return Promise.reject(new Error('the wayline reader is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, fileName, bytes }, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the wayline reader is closed'));
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((t) => !t.busy) ?? (this.threads.length < this.size ? this.spawn() : undefined);
      if (!thread) return;
      const pending = this.queue.shift()!;
      thread.busy = pending;
      thread.worker.postMessage(pending.job);
    }
  }

  private spawn(): Thread {
    const worker = new Worker(THREAD_MAIN, { eval: true });
    worker.unref();
    const thread: Thread = { worker, busy: null };
    worker.on('message', (answer: Answer) => {
      const pending = thread.busy;
      thread.busy = null;
      if (pending && pending.job.id === answer.id) {
        if ('read' in answer) pending.resolve(answer.read);
        else if (answer.failure.code) pending.reject(new WaylineError(answer.failure.code, answer.failure.message, answer.failure.params));
        else pending.reject(new Error(answer.failure.message));
      }
      this.pump();
    });
    // A thread that dies (out of memory, a crash) fails the file it was reading; the next file gets a new thread.
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads.splice(index, 1);
      thread.busy?.reject(error);
      thread.busy = null;
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the wayline reader thread exited (${code})`)));
    this.threads.push(thread);
    return thread;
  }
}
