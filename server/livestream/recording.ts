import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { MediaLens } from '@shared/entities/media';
import type { Database } from '../db/schema';
import type { MediaService } from '../media/service';
import type { RtmpIngest, Viewer } from './ingest';

const run = promisify(execFile);

/** A live stream as the recordings see it (LiveStreams.live()). */
export interface LiveStreamRef {
  videoId: string;
  /** The ingest's stream name (a new one per start). */
  name: string;
  lens: string | null;
}

/** A task flying now, with the serials whose streams are its own: its aircraft and the gateway it flies through. */
export interface FlyingTask {
  id: number;
  projectId: number;
  flightId: string | null;
  serials: string[];
}

/** What the recordings do next: start a stream's recording for a task, or stop (and keep) one. */
export interface RecordingPlan {
  start: { stream: LiveStreamRef; task: FlyingTask }[];
  stop: string[];
}

const sourceSn = (videoId: string) => videoId.slice(0, videoId.indexOf('/'));

/**
 * Which recordings start and stop (pure): every live stream of a flying task's aircraft or gateway is recorded, once
 * per stream name (a video started again is a new recording); a recording whose stream is no longer live, or whose
 * task no longer flies, stops. `recording` maps each running recording's stream name to its task's id.
 */
export function planRecordings(streams: readonly LiveStreamRef[], tasks: readonly FlyingTask[], recording: ReadonlyMap<string, number>): RecordingPlan {
  const taskOf = (stream: LiveStreamRef) => tasks.find((task) => task.serials.includes(sourceSn(stream.videoId)));
  const wanted = new Map(streams.flatMap((stream) => (taskOf(stream) ? [[stream.name, { stream, task: taskOf(stream)! }] as const] : [])));
  return {
    start: [...wanted.values()].filter(({ stream }) => !recording.has(stream.name)),
    stop: [...recording].filter(([name, taskId]) => wanted.get(name)?.task.id !== taskId).map(([name]) => name),
  };
}

/** The media library's lens of a stream's lens (DJI's normal has none; an RC's thermal is the library's ir). */
export function mediaLensOf(lens: string | null): MediaLens | null {
  if (lens === 'wide' || lens === 'zoom' || lens === 'ir') return lens;
  return lens === 'thermal' ? 'ir' : null;
}

/** A recorded MP4 file: when its first frame was live (epoch ms) and its length as ffprobe reads it. */
export interface RecordedFile {
  file: string;
  startedAt: number;
  durationMs: number;
}

/** The length of a media file as ffprobe reads it (ms). */
export async function probeDurationMs(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { timeout: 30_000 });
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe read no duration of ${file}`);
  return Math.round(seconds * 1000);
}

/**
 * One stream recorded to an MP4 file: a viewer of the ingest (not counted as one) whose FLV goes to Debian's ffmpeg,
 * which remuxes it (`-c copy`, never a transcode). It ends when stopped or when the stream ends (the ingest ends its
 * viewers); `done` resolves with the file, or null when nothing was recorded.
 */
export class StreamRecording implements Viewer {
  readonly done: Promise<RecordedFile | null>;
  private startedAt: number | null;
  private readonly ffmpeg;
  private detach: (() => void) | null = null;

  constructor(
    ingest: RtmpIngest,
    name: string,
    readonly file: string,
  ) {
    // The ingest starts a viewer at the key frame it holds (its arrival is the recording's start), else at the next one.
    this.startedAt = ingest.keyframeAt(name);
    this.ffmpeg = spawn('ffmpeg', ['-v', 'error', '-f', 'flv', '-i', 'pipe:0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', '-y', file], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    this.ffmpeg.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    this.ffmpeg.stdin.on('error', () => undefined);
    this.done = new Promise<number | null>((resolve) => {
      this.ffmpeg.on('error', () => resolve(null));
      this.ffmpeg.on('exit', (code) => resolve(code));
    }).then(async (code) => {
      this.detach?.();
      const size = (await fs.stat(file).catch(() => null))?.size ?? 0;
      if (this.startedAt === null || size === 0) return null;
      if (code !== 0) throw new Error(`ffmpeg ended with ${code}: ${errors.trim()}`);
      return { file, startedAt: this.startedAt, durationMs: await probeDurationMs(file) };
    });
    this.detach = ingest.attach(name, this, { counted: false });
    if (!this.detach) this.end();
  }

  write(chunk: Buffer): boolean {
    this.startedAt ??= Date.now();
    return this.ffmpeg.stdin.write(chunk);
  }

  get writableLength(): number {
    return this.ffmpeg.stdin.writableLength;
  }

  /** Ends the recording: ffmpeg writes the MP4's index and exits. */
  end(): void {
    this.detach?.();
    this.detach = null;
    this.ffmpeg.stdin.end();
  }
}

interface Running {
  videoId: string;
  taskId: number;
  recording: StreamRecording;
  /** The stream's lens when the recording started. */
  lens: string | null;
  task: FlyingTask;
}

export interface RecordingsOptions {
  db: Kysely<Database>;
  ingest: RtmpIngest;
  /** The live streams now. */
  streams: () => LiveStreamRef[];
  /** The media library the recordings go to; null: recordings are not kept. */
  media: MediaService | null;
  /** Where recordings are written while they run (DATA_DIR/recordings). */
  directory: string;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/**
 * Records the live streams of the tasks that fly (docs/live-video.md "Recording"): `sync`, run with the live sweep,
 * starts a recording for each live stream of a running task's aircraft or gateway and stops those whose task ended;
 * each finished recording becomes a video of the task's project in the media library, with the task and (now or once
 * it is written) the flight record. A recorded stream is not stopped as idle.
 */
export class LiveRecordings {
  private readonly running = new Map<string, Running>();
  private readonly finishing = new Set<Promise<void>>();
  private directory: Promise<string> | null = null;

  constructor(private readonly options: RecordingsOptions) {}

  /** Whether a video's stream is being recorded (it stays live without viewers). */
  records(videoId: string): boolean {
    for (const running of this.running.values()) if (running.videoId === videoId) return true;
    return false;
  }

  async sync(): Promise<void> {
    const streams = this.options.streams();
    const tasks = await this.flyingTasks(streams.map((s) => sourceSn(s.videoId)));
    const plan = planRecordings(streams, tasks, new Map([...this.running].map(([name, running]) => [name, running.taskId])));
    for (const name of plan.stop) this.running.get(name)?.recording.end();
    for (const { stream, task } of plan.start) {
      const file = path.join(await this.workDirectory(), `${stream.name}.mp4`);
      const running: Running = {
        videoId: stream.videoId,
        taskId: task.id,
        recording: new StreamRecording(this.options.ingest, stream.name, file),
        lens: stream.lens,
        task,
      };
      this.running.set(stream.name, running);
      this.options.log.info({ videoId: stream.videoId, task: task.id }, 'live: recording');
      const finish = running.recording.done
        .then((recorded) => (recorded ? this.keep(running, recorded) : undefined))
        .catch((error: unknown) => this.options.log.warn({ err: error, videoId: stream.videoId }, 'live: recording failed'))
        .finally(() => {
          this.running.delete(stream.name);
          this.finishing.delete(finish);
          return fs.rm(file, { force: true });
        });
      this.finishing.add(finish);
    }
  }

  /** Ends every recording and waits until each is in the media library (the server stops). */
  async close(): Promise<void> {
    for (const running of this.running.values()) running.recording.end();
    await Promise.all(this.finishing);
  }

  private async keep(running: Running, recorded: RecordedFile): Promise<void> {
    const { media, db } = this.options;
    if (!media) return;
    const { videoId } = running;
    const sn = sourceSn(videoId);
    const device = await db.selectFrom('devices').select(['gateway_sn', 'model']).where('serial', '=', sn).executeTakeFirst();
    const takenAt = new Date(recorded.startedAt).toISOString();
    const stamp = takenAt.replace(/[-:]/g, '').replace(/\..*$/, '');
    const lens = mediaLensOf(running.lens);
    const { row } = await media.ingestRecording(recorded.file, {
      projectId: running.task.projectId,
      source: 'live',
      name: `${sn}_${videoId.split('/').slice(1).join('_')}_${stamp}.mp4`,
      deviceSn: sn,
      gatewaySn: device?.gateway_sn ?? null,
      flightId: running.task.flightId,
      droneModelKey: device?.model ?? null,
      takenAt,
      durationMs: recorded.durationMs,
      lens,
    });
    this.options.log.info({ videoId, media: row.id, task: row.task_id, durationMs: recorded.durationMs }, 'live: recording kept');
  }

  /** Running tasks whose aircraft or gateway is one of `serials`. */
  private async flyingTasks(serials: string[]): Promise<FlyingTask[]> {
    if (!serials.length) return [];
    const rows = await this.options.db
      .selectFrom('tasks')
      .leftJoin('devices', 'devices.id', 'tasks.device_id')
      .select(['tasks.id', 'tasks.project_id', 'tasks.flight_id', 'tasks.gateway_sn', 'devices.serial'])
      .where('tasks.status', '=', 'running')
      .where((eb) => eb.or([eb('devices.serial', 'in', serials), eb('tasks.gateway_sn', 'in', serials)]))
      .orderBy('tasks.started_at', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      flightId: row.flight_id,
      serials: [row.serial, row.gateway_sn].filter((sn): sn is string => Boolean(sn)),
    }));
  }

  /** Where recordings are written until they are in the store (each removed once kept or failed). */
  private workDirectory(): Promise<string> {
    this.directory ??= fs.mkdir(this.options.directory, { recursive: true }).then(() => this.options.directory);
    return this.directory;
  }
}
