import { spawn } from 'node:child_process';

/**
 * Pushes a test pattern (Debian's ffmpeg) to `{rtmpBase}/{name}` for `seconds`, as a device or Pilot 2 would; resolves
 * with ffmpeg's exit code (non-zero: the ingest refused the publish).
 */
export function pushTo(rtmpBase: string, name: string, seconds = 3): Promise<number> {
  const port = (rtmpBase.match(/:(\d+)\//) ?? [])[1];
  const child = spawn('ffmpeg', [
    '-v',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=10',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-f',
    'flv',
    `rtmp://127.0.0.1:${port}/live/${name}`,
  ]);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
}
