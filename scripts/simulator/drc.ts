import mqtt, { type MqttClient } from 'mqtt';
import { drcBrokerSchema } from '@shared/dji/drc';
import {
  DRC,
  drcDownTopic,
  drcUpTopic,
  HEART_BEAT_TIMEOUT_MS,
  HSI_NOTHING_MM,
  METHOD_CLOUD_CONTROL_AUTH_NOTIFY,
  METHOD_DRC_STATUS_NOTIFY,
  NO_STICKS,
  STICK_LIMITS,
  type DelayInfoPush,
  type HsiInfoPush,
  type OsdInfoPush,
  type Sticks,
} from '@shared/dji/drcMessages';
import { z } from 'zod';

/** DJI's "no aircraft control" (drone_control without flight authority). */
export const NO_FLIGHT_CONTROL = 319_030;
/** DJI's "obtaining flight control failed" (flight_authority_grab while the RC pilot keeps it). */
export const AUTHORITY_REFUSED = 327_002;
/** How long the RC pilot takes to tap an answer to cloud_control_auth_request. */
const PILOT_ANSWERS_AFTER_MS = 300;
/** drc_status_notify's link errors: heartbeat timeout, link lost. */
const HEARTBEAT_TIMEOUT = 514_301;
const LINK_LOST = 514_303;
const CONNECTION_REFUSED = 514_304;
/** Sticks not renewed within this are let go (the aircraft brakes and hovers, as when the operator stops sending). */
const STICKS_HOLD_MS = 500;
/** delay_info_push once a second. */
const DELAY_PUSH_MS = 1000;

const enterSchema = z.object({
  mqtt_broker: drcBrokerSchema,
  osd_frequency: z.number().int().min(1).max(30),
  hsi_frequency: z.number().int().min(1).max(30),
});

const downSchema = z.object({ method: z.string(), seq: z.number().optional(), data: z.record(z.string(), z.unknown()).nullable().optional() });

/** What the DRC link needs of its gateway: its aircraft (null on the ground) and its events channel. */
export interface DrcDevice {
  gatewaySn: string;
  /** Moves the aircraft by these sticks for dt s; false when it cannot be flown by hand now. */
  drive(sticks: Sticks, dt: number): boolean;
  /** The aircraft as osd_info_push reports it, or null when it is not in the air. */
  osd(): OsdInfoPush | null;
  /** Sends an event on thing/product/{gw}/events. */
  emit(method: string, data: Record<string, unknown>): void;
  /** Reports the gateway's state properties on thing/product/{gw}/state. */
  state(data: Record<string, unknown>): void;
  log(line: string): void;
}

/** How the simulated RC pilot answers the platform's request for cloud control. */
export type PilotAnswer = 'ok' | 'canceled' | 'silent';

/**
 * A dock's DRC link, or a DJI Pilot 2 RC's (spec dji-cloud-api-next §4) as the real one behaves: `drc_mode_enter` connects to the broker it
 * names with the credentials it carries (drc_status_notify connecting, then connected), pushes osd_info_push and
 * hsi_info_push at the asked frequencies and delay_info_push each second, flies the aircraft by `drone_control` (only
 * with flight authority, else 319030) answering `{result, output:{seq}}`, brakes on `drone_emergency_stop`, and drops
 * the link after `heartbeatTimeoutMs` without a `heart_beat` or on `drc_mode_exit`. Through an RC, the pilot answers
 * `cloud_control_auth_request` on the RC (`cloud_control_auth_notify`, then the state `is_cloud_control_auth`), and
 * `drc_mode_enter` is refused without that consent; `cloud_control_release` hands control back.
 */
export class SimulatedDrc {
  /** Whether the platform holds flight authority (flight_authority_grab). */
  authority = false;
  /** An RC pilot keeps flight authority: flight_authority_grab is refused (tests). */
  rcKeepsAuthority = false;
  /** Through an RC: whether its pilot gave the platform cloud control, and how they answer the next request (tests). */
  cloudControl = false;
  pilotAnswer: PilotAnswer = 'ok';
  /** drone_control messages received (tests and the benchmark read them). */
  readonly controls: { seq: number; sticks: Sticks; at: number }[] = [];
  emergencyStops = 0;
  private client: MqttClient | null = null;
  private timers: NodeJS.Timeout[] = [];
  private sticks: Sticks = NO_STICKS;
  private sticksAt = 0;
  private lastBeat = 0;
  private lastMove = 0;

  constructor(
    private readonly device: DrcDevice,
    private readonly heartbeatTimeoutMs = HEART_BEAT_TIMEOUT_MS,
    /** A DJI Pilot 2 RC: DRC only with its pilot's consent. */
    private readonly throughPilot = false,
  ) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** flight_authority_grab's result. */
  grab(): number {
    if (this.rcKeepsAuthority) return AUTHORITY_REFUSED;
    this.authority = true;
    return 0;
  }

  /** cloud_control_auth_request: a pop-up on the RC; the pilot's answer follows as an event. */
  askPilot(): number {
    const answer = this.pilotAnswer;
    if (answer === 'silent') return 0;
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      this.setCloudControl(answer === 'ok');
      this.device.emit(METHOD_CLOUD_CONTROL_AUTH_NOTIFY, { result: 0, output: { status: answer } });
    }, PILOT_ANSWERS_AFTER_MS);
    this.timers.push(timer);
    return 0;
  }

  /** cloud_control_release: the pilot has the aircraft back (and DRC, if still on, ends). */
  release(): number {
    this.exit();
    this.setCloudControl(false);
    return 0;
  }

  /** drc_mode_enter: accepted at once, the link comes up in the background (drc_status_notify tells how it went). */
  enter(data: unknown): number {
    if (this.throughPilot && !this.cloudControl) return NO_FLIGHT_CONTROL;
    const enter = enterSchema.parse(data);
    this.authority = this.authority || this.throughPilot;
    this.stop();
    this.notify(1, 0);
    const broker = enter.mqtt_broker;
    const client = mqtt.connect(broker.address, {
      clientId: broker.client_id,
      username: broker.username,
      password: broker.password,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 7000,
    });
    this.client = client;
    const down = drcDownTopic(this.device.gatewaySn);
    client.on('message', (topic, payload) => {
      if (topic === down) this.onDown(payload);
    });
    client.once('connect', () => {
      client.subscribe(down, { qos: 1 }, (error, granted) => {
        if (error || granted?.some((g) => g.qos === 128)) return this.drop(LINK_LOST, `subscribing ${down} refused`);
        this.lastBeat = Date.now();
        this.lastMove = Date.now();
        this.notify(2, 0);
        this.every(1000 / enter.osd_frequency, () => this.pushOsd());
        this.every(1000 / enter.hsi_frequency, () => this.up(DRC.hsiInfoPush, this.hsi()));
        this.every(DELAY_PUSH_MS, () => this.up(DRC.delayInfoPush, this.delay()));
        this.every(Math.min(1000, this.heartbeatTimeoutMs / 4), () => {
          if (Date.now() - this.lastBeat > this.heartbeatTimeoutMs) this.drop(HEARTBEAT_TIMEOUT, 'no heart_beat');
        });
      });
    });
    client.on('error', (error) => this.drop(client.connected ? LINK_LOST : CONNECTION_REFUSED, error.message));
    client.on('close', () => {
      if (this.client === client) this.drop(LINK_LOST, 'connection closed');
    });
    return 0;
  }

  /** drc_mode_exit. */
  exit(): number {
    if (this.client) {
      this.stop();
      this.notify(0, 0);
    }
    return 0;
  }

  stop(): void {
    this.timers.forEach(clearInterval);
    this.timers = [];
    this.sticks = NO_STICKS;
    const client = this.client;
    this.client = null;
    client?.end(true);
  }

  private setCloudControl(granted: boolean) {
    this.cloudControl = granted;
    if (!granted && this.throughPilot) this.authority = false;
    this.device.state({ is_cloud_control_auth: granted });
  }

  private drop(result: number, why: string) {
    if (!this.client) return;
    this.device.log(`${this.device.gatewaySn}: DRC dropped (${why})`);
    this.stop();
    this.notify(0, result);
  }

  private notify(drcState: 0 | 1 | 2, result: number) {
    this.device.emit(METHOD_DRC_STATUS_NOTIFY, { result, drc_state: drcState });
  }

  private every(ms: number, run: () => void) {
    this.timers.push(setInterval(run, ms));
  }

  private up(method: string, data: unknown, qos: 0 | 1 = 0) {
    this.client?.publish(drcUpTopic(this.device.gatewaySn), JSON.stringify({ method, data }), { qos });
  }

  private onDown(payload: Buffer) {
    let message: z.infer<typeof downSchema>;
    try {
      message = downSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    const data = message.data ?? {};
    switch (message.method) {
      case DRC.heartBeat:
        this.lastBeat = Date.now();
        return;
      case DRC.emergencyStop:
        this.emergencyStops++;
        this.sticks = NO_STICKS;
        this.up(DRC.emergencyStop, { result: 0 }, 1);
        this.pushOsd();
        return;
      case DRC.droneControl: {
        const seq = Number(data.seq ?? message.seq ?? 0);
        const sticks = clampSticks(data);
        this.controls.push({ seq, sticks, at: Date.now() });
        if (!this.authority) return this.up(DRC.droneControl, { result: NO_FLIGHT_CONTROL, output: { seq } });
        this.sticks = sticks;
        this.sticksAt = Date.now();
        this.up(DRC.droneControl, { result: 0, output: { seq } });
        return;
      }
      default:
        return;
    }
  }

  /** Moves the aircraft by the sticks held since the last push, then reports it. */
  private pushOsd() {
    const now = Date.now();
    if (now - this.sticksAt > STICKS_HOLD_MS) this.sticks = NO_STICKS;
    const dt = (now - this.lastMove) / 1000;
    this.lastMove = now;
    if (this.sticks !== NO_STICKS) this.device.drive(this.sticks, dt);
    const osd = this.device.osd();
    if (osd) this.up(DRC.osdInfoPush, osd);
  }

  private hsi(): HsiInfoPush {
    // An open sky but for a wall 12 m off the nose's left, as a real aircraft's sensors would show it.
    const around = Array.from({ length: 360 }, (_, i) => (i >= 300 && i < 330 ? 12_000 : HSI_NOTHING_MM));
    return { up_distance: HSI_NOTHING_MM, down_distance: 25_000, around_distances: around, up_enable: true, down_enable: true, up_work: true, down_work: true };
  }

  private delay(): DelayInfoPush {
    return { sdr_cmd_delay: 40 + Math.round(Math.random() * 20), liveview_delay_list: [] };
  }
}

/** drone_control's sticks within DJI's ranges (anything else is 0). */
function clampSticks(data: Record<string, unknown>): Sticks {
  const clamp = (value: unknown, min: number, max: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : 0);
  return {
    x: clamp(data.x, -STICK_LIMITS.x, STICK_LIMITS.x),
    y: clamp(data.y, -STICK_LIMITS.y, STICK_LIMITS.y),
    h: clamp(data.h, -STICK_LIMITS.hDown, STICK_LIMITS.hUp),
    w: clamp(data.w, -STICK_LIMITS.w, STICK_LIMITS.w),
  };
}
