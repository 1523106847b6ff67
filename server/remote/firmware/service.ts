import type { Kysely, Selectable } from 'kysely';
import {
  FIRMWARE_UPGRADE_TYPE,
  METHOD_OTA_CREATE,
  METHOD_OTA_PROGRESS,
  otaProgressSchema,
  type OtaDevice,
  type OtaJob,
  type UpgradeKind,
} from '@shared/dji/firmware';
import { jobProgress, type DebugProgress } from '@shared/dji/remoteDebug';
import type { Database, FirmwaresTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { signLinkToken, verifyLinkToken, type LinkClaims } from '../../entities/task/waylineLink';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';

export type FirmwareRow = Selectable<FirmwaresTable>;

/** What a firmware file link vouches for: package `fw`, until `exp`. */
interface FirmwareClaims extends LinkClaims {
  fw: number;
}

/** The purpose of a firmware file link token (see signLinkToken). */
const LINK_PURPOSE = 'firmware-file';

export interface FirmwareOptions {
  db: Kysely<Database>;
  replyTimeoutMs: number;
  /** Base URL the devices download from. */
  publicUrl(): string;
  /** Signs the download links (the server's token secret). */
  linkSecret: string;
  linkTtlSeconds: number;
  now?: () => number;
}

/**
 * Firmware upgrades (spec dji-cloud-api-next §6): `ota_create` names the device, the package's version, a signed link
 * to its file, its md5 and size and the upgrade type; the gateway's `ota_progress` events are kept as its newest job.
 */
export class FirmwareUpgrades {
  private readonly jobs = new Map<string, OtaJob>();

  constructor(
    private readonly link: RemoteLink,
    private readonly options: FirmwareOptions,
  ) {
    link.register({
      name: 'remote.firmware',
      events: { [METHOD_OTA_PROGRESS]: route(otaProgressSchema, (gatewaySn, data) => this.onProgress(gatewaySn, data)) },
      services: [METHOD_OTA_CREATE],
    });
  }

  /** The gateway's newest upgrade job, if one ran since the server started. */
  job(gatewaySn: string): OtaJob | undefined {
    return this.jobs.get(gatewaySn);
  }

  /** Sends ota_create for one device through its gateway; resolves once the gateway accepted it. */
  async create(gatewaySn: string, deviceSn: string, firmware: FirmwareRow, kind: UpgradeKind): Promise<OtaJob> {
    const device: OtaDevice = {
      sn: deviceSn,
      product_version: firmware.product_version,
      file_url: this.fileUrl(firmware.id),
      md5: firmware.md5,
      file_size: Number(firmware.size),
      file_name: firmware.file_name,
      firmware_upgrade_type: FIRMWARE_UPGRADE_TYPE[kind],
    };
    await this.link.sendService(gatewaySn, METHOD_OTA_CREATE, { devices: [device] }, { timeoutMs: this.options.replyTimeoutMs });
    const job: OtaJob = {
      firmware_id: firmware.id,
      product_version: firmware.product_version,
      status: 'sent',
      result: 0,
      percent: null,
      step_key: null,
      updated_at: nowIso(this.now()),
    };
    this.jobs.set(gatewaySn, job);
    return job;
  }

  /** The package a download link names, or why not. */
  async download(id: number, token: string): Promise<{ ok: true; firmware: FirmwareRow } | { ok: false; why: string }> {
    const check = verifyLinkToken<FirmwareClaims>(this.options.linkSecret, LINK_PURPOSE, token, this.now());
    if (!check.ok) return check;
    if (check.claims.fw !== id) return { ok: false, why: 'the link is for another package' };
    const firmware = await this.options.db.selectFrom('firmwares').selectAll().where('id', '=', id).executeTakeFirst();
    return firmware ? { ok: true, firmware } : { ok: false, why: 'no such package' };
  }

  private fileUrl(id: number): string {
    const claims: FirmwareClaims = { fw: id, exp: Math.floor(this.now() / 1000) + this.options.linkTtlSeconds };
    return `${this.options.publicUrl()}/api/Firmware/${id}/file/?token=${signLinkToken(this.options.linkSecret, LINK_PURPOSE, claims)}`;
  }

  private onProgress(gatewaySn: string, data: DebugProgress) {
    const current = this.jobs.get(gatewaySn);
    this.jobs.set(gatewaySn, {
      firmware_id: current?.firmware_id ?? 0,
      product_version: current?.product_version ?? '',
      ...jobProgress(data, nowIso(this.now())),
    });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
