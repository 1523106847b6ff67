import { applyLogProgress, fileuploadListReplySchema, pickedUpload, type FileuploadProgress, type LogUploadFile } from '@shared/dji/deviceLogs';

const file = (module: '0' | '3', change: Partial<LogUploadFile> = {}): LogUploadFile => ({
  module,
  device_sn: module === '3' ? 'DOCK' : 'DRONE',
  boot_indexes: [1],
  object_key: `k/${module}.tar`,
  status: 'sent',
  result: 0,
  progress: 0,
  size: null,
  fingerprint: null,
  ...change,
});
const upload = { status: 'sent' as const, result: 0, files: [file('3'), file('0')] };
const event = (result: number, status: FileuploadProgress['output']['status'], files: NonNullable<FileuploadProgress['output']['ext']>['files'] = []) => ({
  result,
  output: { status, ext: { files } },
});

describe('applyLogProgress', () => {
  it.each<[string, FileuploadProgress, Pick<LogUploadFile, 'status' | 'progress'>[], string]>([
    [
      'a named file takes its progress, the other stays',
      event(0, 'file_uploading', [{ module: '3', progress: { progress: 60, status: 'file_uploading' } }]),
      [
        { status: 'file_uploading', progress: 60 },
        { status: 'sent', progress: 0 },
      ],
      'file_uploading',
    ],
    [
      'a number module is the string one',
      event(0, 'file_zip', [{ module: '0', progress: { progress: 30 } }]),
      [
        { status: 'sent', progress: 0 },
        { status: 'file_zip', progress: 30 },
      ],
      'file_zip',
    ],
    [
      'ok without files ends every file at 100',
      event(0, 'ok'),
      [
        { status: 'ok', progress: 100 },
        { status: 'ok', progress: 100 },
      ],
      'ok',
    ],
    [
      'a non-zero result while uploading is a failure',
      event(324019, 'file_uploading'),
      [
        { status: 'failed', progress: 0 },
        { status: 'failed', progress: 0 },
      ],
      'failed',
    ],
    [
      'canceled ends the files where they were',
      event(0, 'canceled'),
      [
        { status: 'canceled', progress: 0 },
        { status: 'canceled', progress: 0 },
      ],
      'canceled',
    ],
    [
      'a file of another device of the module is not this one',
      event(0, 'file_pull', [{ module: '3', device_sn: 'OTHER', progress: { progress: 10 } }]),
      [
        { status: 'sent', progress: 0 },
        { status: 'sent', progress: 0 },
      ],
      'file_pull',
    ],
  ])('%s', (_what, data, files, status) => {
    const next = applyLogProgress(upload, data);
    expect(next.status).toBe(status);
    expect(next.files.map((f) => ({ status: f.status, progress: f.progress }))).toEqual(files);
  });

  it('keeps size and fingerprint a file reports', () => {
    const next = applyLogProgress(upload, event(0, 'ok', [{ module: '3', size: 2048, fingerprint: 'ab', progress: { progress: 100, status: 'ok' } }]));
    expect(next.files[0]).toMatchObject({ size: 2048, fingerprint: 'ab', status: 'ok', progress: 100 });
  });
});

describe('fileupload_list reply', () => {
  const files = [{ device_sn: 'DOCK', module: 3, result: 0, list: [{ boot_index: 7, start_time: 1, end_time: 2, size: 10 }] }];
  it.each([
    ['files beside the result (DJI doc)', { result: 0, files }],
    ['files in output (demo SDK)', { result: 0, output: { files } }],
  ])('reads %s', (_what, data) => {
    expect(fileuploadListReplySchema.parse(data)).toEqual({ result: 0, files: [{ ...files[0], module: '3' }] });
  });
  it('reads no files as none', () => expect(fileuploadListReplySchema.parse({ result: 324014 })).toEqual({ result: 324014, files: [] }));
});

describe('pickedUpload', () => {
  it.each<[string, Record<string, number[]>, ReturnType<typeof pickedUpload>]>([
    ['nothing picked', {}, null],
    ['a module emptied again', { '3': [] }, null],
    [
      'sorted, once each, dock and aircraft in module order',
      { '3': [9, 2, 9], '0': [4] },
      {
        files: [
          { module: '0', boot_indexes: [4] },
          { module: '3', boot_indexes: [2, 9] },
        ],
      },
    ],
    ['an unknown module is left out', { '7': [1], '3': [1] }, { files: [{ module: '3', boot_indexes: [1] }] }],
  ])('%s', (_what, picked, expected) => expect(pickedUpload(picked)).toEqual(expected));
});
