import { z } from 'zod';

/**
 * DJI device logs (spec dji-cloud-api-next §8, docks only): `fileupload_list` lists the boots whose logs the dock and
 * its aircraft keep, `fileupload_start` has them compressed and uploaded to the object store with the credentials it
 * carries, `fileupload_progress` reports the upload, `fileupload_update` with status `cancel` stops it.
 */
export const METHOD_FILEUPLOAD_LIST = 'fileupload_list';
export const METHOD_FILEUPLOAD_START = 'fileupload_start';
export const METHOD_FILEUPLOAD_UPDATE = 'fileupload_update';
export const METHOD_FILEUPLOAD_PROGRESS = 'fileupload_progress';

/** The log modules, as the doc's examples send them (strings): 0 the aircraft, 3 the dock. */
export const LOG_MODULES = ['0', '3'] as const;
export type LogModule = (typeof LOG_MODULES)[number];
export const LOG_MODULE = { aircraft: '0', dock: '3' } as const satisfies Record<string, LogModule>;

/** A module as a device writes it: the examples send strings, some firmware numbers. */
const moduleSchema = z.union([z.string().max(8), z.number().int()]).transform(String);

/** One boot's logs on a device: its index and when it ran (the doc says seconds, its examples are epoch ms). */
export const logBootSchema = z.object({
  boot_index: z.number().int().nonnegative(),
  start_time: z.number().nonnegative(),
  end_time: z.number().nonnegative(),
  size: z.number().nonnegative(),
});
export type LogBoot = z.infer<typeof logBootSchema>;

/** One device's logs in a `fileupload_list` reply. */
export const logFileListSchema = z.object({
  device_sn: z.string().max(64),
  module: moduleSchema,
  result: z.number().int().default(0),
  list: z.array(logBootSchema).max(2000).default([]),
});
export type LogFileList = z.output<typeof logFileListSchema>;

/**
 * The `fileupload_list` reply's data: the doc puts `files` next to `result`; the demo's SDK reads it from `output`.
 * Both are read (spec: where doc and demo disagree, accept both forms).
 */
export const fileuploadListReplySchema = z
  .object({
    result: z.number().int(),
    files: z.array(logFileListSchema).max(8).optional(),
    output: z.object({ files: z.array(logFileListSchema).max(8).optional() }).optional(),
  })
  .transform(({ result, files, output }) => ({ result, files: files ?? output?.files ?? [] }));

/** Upload statuses of `fileupload_progress` (the SDK adds file_pull, file_zip, file_uploading to the job statuses). */
export const LOG_UPLOAD_STATUSES = [
  'sent',
  'file_pull',
  'file_zip',
  'file_uploading',
  'in_progress',
  'paused',
  'ok',
  'rejected',
  'failed',
  'canceled',
  'timeout',
] as const;
export type LogUploadStatus = (typeof LOG_UPLOAD_STATUSES)[number];
export const TERMINAL_LOG_STATUSES: ReadonlySet<LogUploadStatus> = new Set(['ok', 'rejected', 'failed', 'canceled', 'timeout']);
const statusSchema = z.enum(LOG_UPLOAD_STATUSES);

/** `fileupload_progress` (need_reply 0): the upload's status and each file's progress. */
export const fileuploadProgressSchema = z.object({
  result: z.number().int(),
  output: z.object({
    status: statusSchema,
    ext: z
      .object({
        files: z
          .array(
            z.object({
              module: moduleSchema,
              device_sn: z.string().max(64).optional(),
              key: z.string().max(512).optional(),
              size: z.number().nonnegative().optional(),
              fingerprint: z.string().max(128).optional(),
              progress: z
                .object({
                  progress: z.number().min(0).max(100).optional(),
                  finish_time: z.number().optional(),
                  upload_rate: z.number().optional(),
                  current_step: z.number().int().optional(),
                  total_step: z.number().int().optional(),
                  status: statusSchema.optional(),
                  result: z.number().int().optional(),
                })
                .optional(),
            }),
          )
          .max(8),
      })
      .optional(),
  }),
});
export type FileuploadProgress = z.infer<typeof fileuploadProgressSchema>;

/** One file of a log upload as the platform keeps it: which boots of which device, where it lands, how far it is. */
export const logUploadFileSchema = z.object({
  module: z.enum(LOG_MODULES),
  device_sn: z.string(),
  boot_indexes: z.array(z.number().int()),
  object_key: z.string(),
  status: statusSchema,
  result: z.number(),
  /** 0–100. */
  progress: z.number(),
  size: z.number().nullable(),
  fingerprint: z.string().nullable(),
});
export type LogUploadFile = z.infer<typeof logUploadFileSchema>;

/** A log upload of a dock (GET /api/Device/{id}/logs/uploads/). */
export const logUploadSchema = z.object({
  id: z.number(),
  status: statusSchema,
  result: z.number(),
  files: z.array(logUploadFileSchema),
  username: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LogUpload = z.infer<typeof logUploadSchema>;

/** What the console asks for: per module, the boots whose logs to upload. */
export const logUploadInputSchema = z.object({
  files: z
    .array(z.object({ module: z.enum(LOG_MODULES), boot_indexes: z.array(z.number().int().nonnegative()).min(1).max(100) }))
    .min(1)
    .max(LOG_MODULES.length)
    .refine((files) => new Set(files.map((f) => f.module)).size === files.length, 'a module is named twice'),
});
export type LogUploadInput = z.infer<typeof logUploadInputSchema>;

/** GET /api/Device/{id}/logs/: the boots each device of the dock keeps logs of (fileupload_list). */
export const logListSchema = z.array(logFileListSchema.extend({ module: z.string() }));

/**
 * An upload after a progress event: the event's status (a non-zero result while in progress means it failed), and
 * each of its files the event names with that file's progress; files it does not name stay as they were. Pure.
 */
export function applyLogProgress(
  upload: Pick<LogUpload, 'status' | 'result' | 'files'>,
  event: FileuploadProgress,
): Pick<LogUpload, 'status' | 'result' | 'files'> {
  const failed = event.result !== 0 && !TERMINAL_LOG_STATUSES.has(event.output.status);
  const status: LogUploadStatus = failed ? 'failed' : event.output.status;
  const reported = event.output.ext?.files ?? [];
  const files = upload.files.map((file) => {
    const news = reported.find((r) => r.module === file.module && (r.device_sn === undefined || r.device_sn === file.device_sn));
    if (!news) return status === 'ok' ? { ...file, status, progress: 100 } : TERMINAL_LOG_STATUSES.has(status) ? { ...file, status } : file;
    const p = news.progress;
    return {
      ...file,
      status: p?.status ?? status,
      result: p?.result ?? file.result,
      progress: p?.progress ?? (p?.status === 'ok' ? 100 : file.progress),
      size: news.size ?? file.size,
      fingerprint: news.fingerprint ?? file.fingerprint,
    };
  });
  return { status, result: event.result, files };
}

/** The boots an operator picked, per module, as the upload the API takes (modules without any left out), or null. Pure. */
export function pickedUpload(picked: Readonly<Record<string, readonly number[]>>): LogUploadInput | null {
  const files = LOG_MODULES.filter((module) => (picked[module] ?? []).length > 0).map((module) => ({
    module,
    boot_indexes: [...new Set(picked[module])].sort((a, b) => a - b),
  }));
  return files.length ? { files } : null;
}
