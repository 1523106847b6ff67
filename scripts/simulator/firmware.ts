import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RESULT } from '@shared/dji/envelope';
import { METHOD_OTA_PROGRESS } from '@shared/dji/firmware';
import type { DebugStatus } from '@shared/dji/remoteDebug';

/** DJI's codes (spec §6) the simulated gateway refuses an upgrade with. */
const ERROR = { updating: 312014, busyOrFlying: 312015, transmission: 312016 } as const;

const otaCreateSchema = z.object({
  devices: z
    .array(
      z.object({
        sn: z.string(),
        product_version: z.string(),
        file_url: z.string(),
        md5: z.string(),
        file_size: z.number(),
        file_name: z.string(),
        firmware_upgrade_type: z.union([z.literal(2), z.literal(3)]),
      }),
    )
    .min(1)
    .max(2),
});

export interface FirmwareLink {
  /** Publishes an `ota_progress` event (need_reply 1). */
  emit(method: string, data: Record<string, unknown>): void;
  /** The device `sn` now runs `version` (its `state` firmware_version). */
  upgraded(sn: string, version: string): void;
  log(message: string): void;
}

/** The steps a real upgrade reports (`step_key`), each half of the job. */
const STEPS = ['download_firmware', 'upgrade_firmware'] as const;
/** Progress events per step. */
const EVENTS_PER_STEP = 3;

/**
 * A gateway's firmware upgrade as a real dock runs it (spec dji-cloud-api-next §6): `ota_create` is refused while its
 * aircraft flies or the dock works (312015) or an upgrade runs (312014); accepted, it downloads each package (md5 and
 * size checked, else the job fails with 312016), reports `ota_progress` (download_firmware, then upgrade_firmware)
 * over `jobMs`, and reports the new version in `state`.
 */
export class SimulatedFirmware {
  private upgrading = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly link: FirmwareLink,
    private readonly jobMs: number,
  ) {}

  /** ota_create: the reply's result; the job runs after it. */
  create(data: unknown, busy: boolean): number {
    const request = otaCreateSchema.safeParse(data);
    if (!request.success) return RESULT.invalidMessage;
    if (this.upgrading) return ERROR.updating;
    if (busy) return ERROR.busyOrFlying;
    this.upgrading = true;
    void this.run(request.data.devices).finally(() => (this.upgrading = false));
    return RESULT.ok;
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private progress(result: number, status: DebugStatus, percent: number, stepKey: string) {
    this.link.emit(METHOD_OTA_PROGRESS, { result, output: { status, progress: { percent, step_key: stepKey } } });
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async run(devices: z.infer<typeof otaCreateSchema>['devices']): Promise<void> {
    const tick = this.jobMs / (STEPS.length * EVENTS_PER_STEP);
    for (const device of devices) {
      this.progress(0, 'in_progress', 0, STEPS[0]);
      const response = await fetch(device.file_url).catch(() => null);
      const bytes = response?.ok ? Buffer.from(await response.arrayBuffer()) : null;
      if (!bytes || bytes.length !== device.file_size || createHash('md5').update(bytes).digest('hex') !== device.md5) {
        this.link.log(`firmware ${device.file_name} for ${device.sn}: download failed or does not match its md5`);
        return this.progress(ERROR.transmission, 'failed', 0, STEPS[0]);
      }
      for (const [s, step] of STEPS.entries())
        for (let i = 1; i <= EVENTS_PER_STEP; i++) {
          await this.wait(tick);
          const percent = Math.round(((s * EVENTS_PER_STEP + i) / (STEPS.length * EVENTS_PER_STEP)) * 100);
          if (percent < 100) this.progress(0, 'in_progress', percent, step);
        }
      this.link.upgraded(device.sn, device.product_version);
    }
    this.progress(0, 'ok', 100, STEPS[STEPS.length - 1]);
  }
}
