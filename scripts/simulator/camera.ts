import { spawn, type ChildProcess } from 'node:child_process';
import { LENS_TYPES, QUALITY_PROFILES, type LensType, type LiveStatusEntry, type VideoQuality } from '@shared/dji/livestream';

/** Frames per second of the simulated cameras; one key frame a second. */
export const CAMERA_FPS = 25;
/** Bits of the frame number drawn as a row of boxes at the top of each frame (bench/live.ts reads them back). */
export const FRAME_CODE_BITS = 16;
/** Bits of the lens (its place in LENS_TYPES, plus one) drawn after the frame number (the browser test reads them back). */
export const LENS_CODE_BITS = 3;
/** Size and place of each box of the picture code (px, on the frame's top-left). */
export const FRAME_CODE_BOX = { size: 16, top: 0 } as const;
const CODE_BITS = FRAME_CODE_BITS + LENS_CODE_BITS;

/** Where each bit of the picture code is read (the centre of its box, in the frame's pixels): the frame number's, then the lens's. */
export const PICTURE_CODE_SPOTS: ReadonlyArray<{ x: number; y: number }> = Array.from({ length: CODE_BITS }, (_, bit) => ({
  x: bit * FRAME_CODE_BOX.size + FRAME_CODE_BOX.size / 2,
  y: FRAME_CODE_BOX.top + FRAME_CODE_BOX.size / 2,
}));

/** The frame number and lens a frame shows, from the luma (0–255) at each of PICTURE_CODE_SPOTS. */
export function decodePictureCode(luma: readonly number[]): { frame: number; lens: LensType | undefined } {
  const bits = luma.map((value) => (value > 127 ? 1 : 0));
  const number = (from: number, to: number) => bits.slice(from, to).reduce<number>((sum, bit, i) => sum + bit * 2 ** i, 0);
  return { frame: number(0, FRAME_CODE_BITS), lens: LENS_TYPES[number(FRAME_CODE_BITS, CODE_BITS) - 1] };
}

/** Each lens shows a different test pattern, so a switch is visible. */
const LENS_SOURCES: Record<LensType, string> = {
  normal: 'testsrc2',
  wide: 'smptehdbars',
  zoom: 'testsrc',
  ir: 'testsrc2',
  thermal: 'testsrc2',
};
const LENS_FILTERS: Partial<Record<LensType, string>> = { ir: 'hue=s=0,negate', thermal: 'hue=s=0,negate' };

/** The ffmpeg arguments of one push: the lens's pattern at the quality's size and bitrate, the serial, lens and wall-clock time burnt in, and the picture code (frame number and lens). */
export function ffmpegArguments(push: { url: string; sn: string; lens: LensType; quality: VideoQuality }): string[] {
  const { width, height, kbps } = QUALITY_PROFILES[push.quality];
  const escape = (text: string) => text.replace(/[\\:']/g, (c) => `\\${c}`);
  const label = `${escape(push.sn)} ${push.lens} ${width}x${height}`;
  const box = (bit: number) =>
    `drawbox=x=${bit * FRAME_CODE_BOX.size}:y=${FRAME_CODE_BOX.top}:w=${FRAME_CODE_BOX.size}:h=${FRAME_CODE_BOX.size}:color=white:t=fill`;
  const frameCode = Array.from({ length: FRAME_CODE_BITS }, (_, bit) => `${box(bit)}:enable='eq(mod(floor(n/${2 ** bit}),2),1)'`);
  const lensNumber = LENS_TYPES.indexOf(push.lens) + 1;
  const lensCode = Array.from({ length: LENS_CODE_BITS }, (_, bit) => bit)
    .filter((bit) => Math.floor(lensNumber / 2 ** bit) % 2 === 1)
    .map((bit) => box(FRAME_CODE_BITS + bit));
  const filters = [
    ...(LENS_FILTERS[push.lens] ? [LENS_FILTERS[push.lens]!] : []),
    `drawbox=x=0:y=${FRAME_CODE_BOX.top}:w=${CODE_BITS * FRAME_CODE_BOX.size}:h=${FRAME_CODE_BOX.size}:color=black:t=fill`,
    ...frameCode,
    ...lensCode,
    `drawtext=font=DejaVu Sans Mono:fontsize=${Math.round(height / 18)}:fontcolor=white:box=1:boxcolor=black@0.6:x=20:y=h-2*lh:text='${label} %{localtime\\:%T}'`,
  ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
    ...['-f', 'lavfi', '-i', `${LENS_SOURCES[push.lens]}=size=${width}x${height}:rate=${CAMERA_FPS}`],
    ...['-vf', filters.join(',')],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline'],
    ...['-g', String(CAMERA_FPS), '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${Math.round(kbps / 2)}k`],
    ...['-f', 'flv', push.url],
  ];
}

interface Push {
  url: string;
  lens: LensType;
  quality: VideoQuality;
  process: ChildProcess | null;
  /** Told once whether the push got going (its first frame went out) or ended before. */
  up?: (pushing: boolean) => void;
}

/**
 * One simulated camera's live video: on live_start_push it runs Debian's ffmpeg pushing a real H.264 stream to the
 * URL; a lens or quality change restarts the push with the new pattern or size (to the same URL), stop ends it.
 */
export class SimulatedCamera {
  private push: Push | null = null;
  /** The current push's last encoded frame and when it was (ffmpeg's progress report): bench/live.ts dates the frames shown from it. */
  encoded: { frame: number; at: number } | null = null;

  constructor(
    readonly sn: string,
    readonly videoId: string,
    private lens: LensType,
    private readonly log: (line: string) => void,
  ) {}

  get live(): boolean {
    return this.push !== null;
  }

  get currentLens(): LensType {
    return this.lens;
  }

  status(): LiveStatusEntry {
    return { video_id: this.videoId, video_type: this.lens, video_quality: this.push?.quality ?? 0, status: this.push ? 1 : 0, error_status: 0 };
  }

  /**
   * Pushes to `url`; resolves true once the first frame went out (the RTMP publish was accepted), false when ffmpeg
   * ended before (the streaming server refused or could not be reached). A device answers live_start_push then.
   */
  start(url: string, quality: VideoQuality): Promise<boolean> {
    this.stop();
    return new Promise((up) => {
      this.push = { url, lens: this.lens, quality, process: null, up };
      this.run(this.push);
    });
  }

  setQuality(quality: VideoQuality): void {
    if (this.push) this.restart({ ...this.push, quality });
  }

  setLens(lens: LensType): void {
    this.lens = lens;
    if (this.push) this.restart({ ...this.push, lens });
  }

  stop(): void {
    const push = this.push;
    this.push = null;
    push?.process?.kill('SIGKILL');
  }

  /** Replaces the push once the previous ffmpeg is gone (the ingest takes one publisher per stream). */
  private restart(next: Push) {
    const previous = this.push?.process;
    const push: Push = { ...next, process: null, up: undefined };
    this.push = push;
    const run = () => this.push === push && this.run(push);
    if (!previous || previous.exitCode !== null || previous.signalCode !== null) return run();
    previous.once('exit', run);
    previous.kill('SIGKILL');
  }

  private run(push: Push) {
    const progress = ['-progress', 'pipe:1', '-stats_period', '0.2'];
    const child = spawn('ffmpeg', [...progress, ...ffmpegArguments({ url: push.url, sn: this.sn, lens: push.lens, quality: push.quality })], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    push.process = child;
    this.encoded = null;
    child.stdout?.on('data', (chunk: Buffer) => {
      const frames = [...chunk.toString().matchAll(/^frame=(\d+)$/gm)];
      // `frame=N`: N frames (0 … N−1) are encoded by now.
      if (frames.length && this.push === push) this.encoded = { frame: Number(frames[frames.length - 1][1]) - 1, at: Date.now() };
      if (this.encoded && this.encoded.frame >= 0) push.up?.(true);
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    child.on('error', (error) => this.log(`${this.videoId}: ffmpeg could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      push.up?.(false);
      if (push.process === child && this.push === push) {
        this.log(`${this.videoId}: ffmpeg ended (${code ?? signal}) ${errors.trim()}`);
        this.push = null;
      }
    });
  }
}
