import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RESULT } from '@shared/dji/envelope';
import { LOG_MODULE, METHOD_FILEUPLOAD_PROGRESS, type LogFileList, type LogUploadStatus } from '@shared/dji/deviceLogs';
import { deviceS3 } from './storage';

/** DJI's log codes (spec §8) the simulated dock answers with. */
const ERROR = { listEmpty: 324014, network: 324019, busy: 324012 } as const;

const fileuploadStartSchema = z.object({
  bucket: z.string(),
  region: z.string(),
  endpoint: z.string(),
  provider: z.string(),
  credentials: z.object({ access_key_id: z.string(), access_key_secret: z.string(), expire: z.number(), security_token: z.string() }),
  params: z.object({
    files: z
      .array(z.object({ object_key: z.string(), module: z.string(), list: z.array(z.object({ boot_index: z.number().int() })).min(1) }))
      .min(1)
      .max(2),
  }),
});
const fileuploadUpdateSchema = z.object({ status: z.literal('cancel'), module_list: z.array(z.string()) });

export interface LogsLink {
  dockSn: string;
  aircraftSn: string;
  /** Publishes an event on …/events (need_reply 0, as DJI sends fileupload_progress). */
  emit(method: string, data: Record<string, unknown>): void;
  log(message: string): void;
}

/** The boots a simulated device keeps logs of: the last few, an hour each, ending now. */
const BOOTS = 5;

/** A tar archive (POSIX ustar) of `files`, as a dock packs its logs. */
export function tarArchive(files: { name: string; body: Buffer; mtime: number }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const file of files) {
    const header = Buffer.alloc(512);
    const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'ascii');
    const octal = (offset: number, length: number, value: number) => field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
    field(0, 100, file.name);
    octal(100, 8, 0o644);
    octal(108, 8, 0);
    octal(116, 8, 0);
    octal(124, 12, file.body.length);
    octal(136, 12, Math.floor(file.mtime / 1000));
    field(148, 8, '        ');
    field(156, 1, '0');
    field(257, 6, 'ustar\0');
    field(263, 2, '00');
    let sum = 0;
    for (const byte of header) sum += byte;
    field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(header, file.body, Buffer.alloc((512 - (file.body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/**
 * A dock's logs as a real one handles them (spec dji-cloud-api-next §8): `fileupload_list` lists the boots the dock
 * and its aircraft keep logs of; `fileupload_start` is accepted, then each file is pulled, packed (a tar of the boots'
 * logs) and put in the bucket with the credentials it carried, reported by `fileupload_progress` (file_pull, file_zip,
 * file_uploading with its percent, ok with size and fingerprint); `fileupload_update` status cancel stops it.
 */
export class SimulatedLogs {
  private running: { canceled: boolean; timers: Set<NodeJS.Timeout> } | null = null;

  constructor(
    private readonly link: LogsLink,
    private readonly stepMs: number,
  ) {}

  /** fileupload_list's reply data: `files` beside `result`, as DJI's doc shows it. */
  list(): { result: number; files: LogFileList[] } {
    const now = Date.now();
    const boots = Array.from({ length: BOOTS }, (_, i) => ({
      boot_index: 100 + i,
      start_time: now - (BOOTS - i) * 3_600_000,
      end_time: now - (BOOTS - i - 1) * 3_600_000,
      size: 40_000 + i * 1_000,
    }));
    return {
      result: RESULT.ok,
      files: [
        { device_sn: this.link.dockSn, module: LOG_MODULE.dock, result: 0, list: boots },
        { device_sn: this.link.aircraftSn, module: LOG_MODULE.aircraft, result: 0, list: boots },
      ],
    };
  }

  /** fileupload_start: the reply's result; the upload runs after it. */
  start(data: unknown): number {
    const request = fileuploadStartSchema.safeParse(data);
    if (!request.success) return RESULT.invalidMessage;
    if (this.running) return ERROR.busy;
    const job = { canceled: false, timers: new Set<NodeJS.Timeout>() };
    this.running = job;
    void this.run(job, request.data)
      .catch((error: Error) => {
        this.link.log(`logs: ${error.message}`);
        if (!job.canceled) this.progress(ERROR.network, 'failed', request.data.params.files, () => ({}));
      })
      .finally(() => {
        if (this.running === job) this.running = null;
      });
    return RESULT.ok;
  }

  /** fileupload_update: cancel stops the running upload (reported canceled). */
  update(data: unknown): number {
    const request = fileuploadUpdateSchema.safeParse(data);
    if (!request.success) return RESULT.invalidMessage;
    const job = this.running;
    if (!job) return RESULT.ok;
    job.canceled = true;
    for (const timer of job.timers) clearTimeout(timer);
    this.running = null;
    this.link.emit(METHOD_FILEUPLOAD_PROGRESS, { result: 0, output: { status: 'canceled', ext: { files: [] } } });
    return RESULT.ok;
  }

  stop(): void {
    if (this.running) for (const timer of this.running.timers) clearTimeout(timer);
    this.running = null;
  }

  private progress(
    result: number,
    status: LogUploadStatus,
    files: z.infer<typeof fileuploadStartSchema>['params']['files'],
    perFile: (file: { module: string; object_key: string }) => { progress?: number; finish_time?: number; size?: number; fingerprint?: string },
  ) {
    const sn = (module: string) => (module === LOG_MODULE.dock ? this.link.dockSn : this.link.aircraftSn);
    const entry = (f: { module: string; object_key: string }) => {
      const { progress, finish_time, size, fingerprint } = perFile(f);
      return { module: f.module, device_sn: sn(f.module), key: f.object_key, size, fingerprint, progress: { progress, finish_time, status, result } };
    };
    this.link.emit(METHOD_FILEUPLOAD_PROGRESS, { result, output: { status, ext: { files: files.map(entry) } } });
  }

  private wait(job: { timers: Set<NodeJS.Timeout> }): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        job.timers.delete(timer);
        resolve();
      }, this.stepMs);
      job.timers.add(timer);
    });
  }

  private async run(job: { canceled: boolean; timers: Set<NodeJS.Timeout> }, request: z.infer<typeof fileuploadStartSchema>): Promise<void> {
    const { files } = request.params;
    for (const [status, progress] of [
      ['file_pull', 10],
      ['file_zip', 30],
    ] as const) {
      this.progress(0, status, files, () => ({ progress }));
      await this.wait(job);
      if (job.canceled) return;
    }
    if (request.credentials.expire < Date.now()) throw new Error('the upload credentials expired');
    const s3 = await deviceS3(request);
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const done: Record<string, { size: number; fingerprint: string }> = {};
    for (const file of files) {
      const sn = file.module === LOG_MODULE.dock ? this.link.dockSn : this.link.aircraftSn;
      const archive = tarArchive(
        file.list.map(({ boot_index }) => ({
          name: `${sn}/boot_${boot_index}.log`,
          body: Buffer.from(`${sn} boot ${boot_index}\n` + `[info] simulated log line of module ${file.module}\n`.repeat(50)),
          mtime: Date.now(),
        })),
      );
      this.progress(0, 'file_uploading', files, (f) => ({ progress: f.object_key === file.object_key ? 60 : done[f.object_key] ? 100 : 30 }));
      await s3.send(new PutObjectCommand({ Bucket: request.bucket, Key: file.object_key, Body: archive, ContentType: 'application/x-tar' }));
      if (job.canceled) return;
      done[file.object_key] = { size: archive.length, fingerprint: createHash('md5').update(archive).digest('hex') };
    }
    this.progress(0, 'ok', files, (f) => ({ progress: 100, finish_time: Date.now(), ...done[f.object_key] }));
  }
}
