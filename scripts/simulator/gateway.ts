import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceTypeKey } from '@shared/dji/devices';
import { RESULT, type Envelope, type ReplyData } from '@shared/dji/envelope';
import { METHOD_HMS, type HmsItem } from '@shared/dji/events';
import { METHOD_AIRPORT_BIND_STATUS, METHOD_CONFIG } from '@shared/dji/requests';
import { METHOD_FLIGHT_AREAS_UPDATE } from '@shared/dji/flightAreas';
import { METHOD_OTA_CREATE } from '@shared/dji/firmware';
import {
  METHOD_CLOUD_CONTROL_AUTH_REQUEST,
  METHOD_CLOUD_CONTROL_RELEASE,
  METHOD_DRC_MODE_ENTER,
  METHOD_DRC_MODE_EXIT,
  type OsdInfoPush,
} from '@shared/dji/drcMessages';
import { METHOD_FILEUPLOAD_LIST, METHOD_FILEUPLOAD_START, METHOD_FILEUPLOAD_UPDATE } from '@shared/dji/deviceLogs';
import { METHOD_FILE_UPLOAD_CALLBACK, METHOD_STORAGE_CONFIG_GET } from '@shared/dji/media';
import { isDebugMethodName } from '@shared/dji/remoteDebug';
import {
  flyToSchema,
  flyToUpdateSchema,
  METHOD_FLIGHT_AUTHORITY_GRAB,
  METHOD_FLY_TO_POINT,
  METHOD_FLY_TO_POINT_PROGRESS,
  METHOD_FLY_TO_POINT_STOP,
  METHOD_FLY_TO_POINT_UPDATE,
  METHOD_TAKEOFF_TO_POINT,
  METHOD_TAKEOFF_TO_POINT_PROGRESS,
  takeoffToPointSchema,
} from '@shared/dji/commandFlight';
import { deviceTopic, eventsTopic, osdTopic, replyTopic, requestsTopic, servicesTopic, stateTopic, statusTopic } from '@shared/dji/topics';
import { createHash } from 'node:crypto';
import { METHOD_FLIGHTTASK_PROGRESS } from '@shared/dji/events';
import {
  flighttaskExecuteSchema,
  flighttaskPrepareSchema,
  flighttaskUndoSchema,
  METHOD_FLIGHTTASK_EXECUTE,
  METHOD_FLIGHTTASK_PAUSE,
  METHOD_FLIGHTTASK_PREPARE,
  METHOD_FLIGHTTASK_RECOVERY,
  METHOD_FLIGHTTASK_UNDO,
  METHOD_RETURN_HOME,
} from '@shared/dji/flighttask';
import {
  liveLensChangeSchema,
  liveSetQualitySchema,
  liveStartPushSchema,
  liveStopPushSchema,
  METHOD_LIVE_LENS_CHANGE,
  METHOD_LIVE_SET_QUALITY,
  METHOD_LIVE_START_PUSH,
  METHOD_LIVE_STOP_PUSH,
  videoIdOf,
  type LensType,
  type LiveCapacity,
  type VideoQuality,
} from '@shared/dji/livestream';
import { readKmz } from '../../server/wayline/kmz';
import { SimulatedCamera } from './camera';
import { CommandFlight } from './commandFlight';
import { SimulatedDockDebug, type DebugReply, type DockConditions } from './dockDebug';
import { SimulatedDrc } from './drc';
import { SimulatedFirmware } from './firmware';
import { SimulatedLogs } from './logs';
import { SimulatedSettings } from './settings';
import { SimulatedFlightAreas } from './flightAreas';
import { deviceS3, type DeviceStorage } from './storage';
import { Flight, MODE, type FlightSample } from './flight';
import { distance, type Point } from './geometry';
import { MissionFlight, PREPARE_REFUSED, type MissionFaults, type MissionStatus, type PreparedMission } from './mission';
import { aircraftOsd, dockOsd, remoteControllerOsd } from './osd';
import { djiPhoto, templatePhoto } from './photo';

/** A DJI device as update_topo declares it. */
export interface DeviceIdentity {
  sn: string;
  domain: number;
  type: number;
  subType: number;
  firmware: string;
}

/** Pilot 2 on a remote controller, or a dock; either is the gateway of one aircraft. */
export type GatewayKind = 'pilot' | 'dock';

export interface GatewayPlan {
  kind: GatewayKind;
  gateway: DeviceIdentity;
  aircraft: DeviceIdentity;
  route: Point[];
  /** position in the simulation, varies speed and battery. */
  ordinal: number;
}

export interface BrokerLogin {
  username: string;
  password: string;
}

/** The services this simulated device understands (the missions issue makes them fly). */
export const KNOWN_SERVICES: ReadonlySet<string> = new Set([
  'flighttask_prepare',
  'flighttask_execute',
  'flighttask_pause',
  'flighttask_recovery',
  'flighttask_undo',
  'return_home',
  'return_home_cancel',
  'fly_to_point',
  'fly_to_point_stop',
  'takeoff_to_point',
  METHOD_LIVE_START_PUSH,
  METHOD_LIVE_STOP_PUSH,
  METHOD_LIVE_SET_QUALITY,
  METHOD_LIVE_LENS_CHANGE,
]);

/** Live video faults a test can inject: the DJI result code each live service answers instead of carrying it out, or no answer. */
export type LiveFaults = Partial<
  Record<typeof METHOD_LIVE_START_PUSH | typeof METHOD_LIVE_STOP_PUSH | typeof METHOD_LIVE_SET_QUALITY | typeof METHOD_LIVE_LENS_CHANGE, number | 'silent'>
>;

/** DJI's "no live stream" for a stop, quality or lens change of a video that is not pushed (Pilot 2 613xxx, dock 513xxx). */
const NO_LIVE_STREAM = 11;
/** DJI's "enable failed, check the streaming server" (…010). */
const ENABLE_FAILED = 10;
/** The camera of each aircraft (an M4TD's, as a real Dock 3 reports it) and a dock's own. */
const AIRCRAFT_CAMERA = '99-0-0';
const DOCK_CAMERA = '165-0-7';

export class ReplyTimeoutError extends Error {}

/** A service reply's whole data, where DJI puts more than `output` beside the result (fileupload_list's `files`). */
type ServiceReply = { result: number } & Record<string, unknown>;

/** storage_config_get's output (dji-cloud-api-next.md §2). */
interface StorageConfigOutput extends DeviceStorage {
  bucket: string;
  object_key_prefix: string;
}

/** The simulated home's height above the ellipsoid (m): absolute altitude = this + height above take-off. */
const SIMULATED_HOME_ELEVATION = 20;

interface PendingReply {
  resolve: (data: ReplyData) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface GatewayOptions {
  url: string;
  replyTimeoutMs: number;
  log: (line: string) => void;
  /** The aircraft waits on the ground at home until a mission is dispatched (instead of flying its circuit). */
  parked?: boolean;
  /** The aircraft waits on the ground at home until `clearForTakeoff` (its flight plan accepted and its window open). */
  holdForClearance?: boolean;
  /** Faults injected into the missions it flies (tests). */
  faults?: MissionFaults;
  /** Live services answered with an error code instead (tests); changeable while the simulation runs. */
  liveFaults?: LiveFaults;
  /** A dock's weather and emergency stop as its remote debugging feels them (changeable while the simulation runs). */
  dockConditions?: DockConditions;
  /** How long a dock's debug job (cover, aircraft power, charging, reboot) takes, ms (a real cover: ~20 s). */
  debugJobMs?: number;
  /** How long a dock's firmware upgrade takes once downloaded, ms (default 60 s; a real one takes many minutes). */
  otaJobMs?: number;
  /** How long each step of a dock's log upload (pull, pack) takes, ms (default 3 s). */
  logStepMs?: number;
  /** A dock drops DRC after this long without a heart_beat, ms (DJI: 60 s). */
  drcHeartbeatTimeoutMs?: number;
  /** Called as each flighttask_progress goes out (the flight benchmark measures latency from here). */
  onProgressSent?: (progress: { flightId: string; status: MissionStatus; percent: number; at: number }) => void;
  /** Called as each photo's file_upload_callback goes out, its object already in the store (the media benchmark measures from here). */
  onPhotoCallbackSent?: (photo: { aircraftSn: string; name: string; objectKey: string; at: number }) => void;
}

/** Result codes of the simulated aircraft for a service it cannot carry out now. */
const NOT_NOW = 316_010;
/** DJI's fly-to family: a fly-to of an aircraft that is not flying by command. */
const NOT_FLYING = 336_001;

/** One DJI gateway connection: the topology handshake, OSD of its devices, state, events, requests and service replies. */
export class SimulatedGateway {
  readonly flight: Flight;
  /** messages published, per channel. */
  readonly sent = { osd: 0, state: 0, events: 0, requests: 0, status: 0, services_reply: 0 };
  /** services answered, by method. */
  readonly servicesReceived: string[] = [];
  private client: MqttClient | null = null;
  private readonly pending = new Map<string, PendingReply>();
  private readonly home: Point;
  private travelled = 0;
  private last: { lat: number; lng: number } | null = null;
  private ticks = 0;
  /**
   * The topology is declared on this connection: only then may it publish for its aircraft (the broker closes a
   * connection that speaks for a serial it has not declared).
   */
  private declared = false;
  /** The mission prepared and not yet executed. */
  private prepared: PreparedMission | null = null;
  /** The mission flying (or flown: it stays until the next one, the aircraft landed at its home). */
  private mission: { flight: MissionFlight; bid: string; reportedEnd: boolean } | null = null;
  private cleared: boolean;
  /** The video sources: the aircraft's camera and, on a dock, the dock's. */
  readonly cameras: SimulatedCamera[];
  /** The credentials of the first storage_config_get, and the S3 client built from them. */
  private storage: { output: StorageConfigOutput; s3: S3Client } | null = null;
  /** Uploads run one after the other, in the order the photos were taken. */
  private photoUploads: Promise<void> = Promise.resolve();
  private photoCount = 0;
  /** The aircraft flown by take-off / fly-to commands (until it landed again). */
  private commanded: CommandFlight | null = null;
  /** A dock's remote debugging (docks only). */
  readonly dockDebug: SimulatedDockDebug | null;
  /** A dock's custom flight areas (docks only). */
  readonly flightAreas: SimulatedFlightAreas | null;
  /** A dock's firmware upgrades of itself and its aircraft (docks only: DJI documents no cloud OTA through Pilot 2). */
  readonly firmware: SimulatedFirmware | null;
  /** A dock's logs of itself and its aircraft (docs only: DJI documents no log pull through Pilot 2's MQTT). */
  readonly logs: SimulatedLogs | null;
  /** The writable properties of the dock and its aircraft (property/set). */
  readonly settings = new SimulatedSettings();
  /** Live flight controls: a dock's, or (after its pilot's consent) a DJI Pilot 2 RC's. */
  readonly drc: SimulatedDrc;

  constructor(
    readonly plan: GatewayPlan,
    private readonly login: BrokerLogin,
    private readonly options: GatewayOptions,
  ) {
    const { route, ordinal, kind } = plan;
    this.home = route[0];
    this.flight = new Flight(route, 8 + (ordinal % 5), 60 + ((ordinal * 37) % 40), kind === 'dock' ? 5 : 3);
    this.cleared = !options.holdForClearance;
    const log = options.log;
    this.cameras = [new SimulatedCamera(plan.aircraft.sn, videoIdOf(plan.aircraft.sn, AIRCRAFT_CAMERA, 'normal-0'), 'normal', log)];
    if (kind === 'dock') this.cameras.push(new SimulatedCamera(plan.gateway.sn, videoIdOf(plan.gateway.sn, DOCK_CAMERA, 'normal-0'), 'normal', log));
    this.dockDebug =
      kind === 'dock'
        ? new SimulatedDockDebug({
            jobMs: options.debugJobMs ?? 20_000,
            conditions: options.dockConditions ?? {},
            emit: ({ method, data }) => {
              this.sent.events++;
              this.exchange(eventsTopic(this.sn), method, data, { need_reply: 1 }).catch((error: Error) => log(error.message));
            },
          })
        : null;
    this.flightAreas =
      kind === 'dock'
        ? new SimulatedFlightAreas({
            request: (method, data) => this.request(method, data),
            emit: (method, data, needReply) => {
              this.sent.events++;
              if (!needReply) return this.publish(eventsTopic(this.sn), this.envelope(method, data, { need_reply: 0 }));
              this.exchange(eventsTopic(this.sn), method, data, { need_reply: 1 }).catch((error: Error) => log(error.message));
            },
            log: (message) => log(`${this.sn}: ${message}`),
          })
        : null;
    this.firmware =
      kind === 'dock'
        ? new SimulatedFirmware(
            {
              emit: (method, data) => {
                this.sent.events++;
                this.exchange(eventsTopic(this.sn), method, data, { need_reply: 1 }).catch((error: Error) => log(error.message));
              },
              upgraded: (sn, version) => this.reportFirmware(sn, version),
              log: (message) => log(`${this.sn}: ${message}`),
            },
            options.otaJobMs ?? 60_000,
          )
        : null;
    this.drc = new SimulatedDrc(
      {
        gatewaySn: plan.gateway.sn,
        drive: (sticks, dt) => this.commanded?.drive(sticks, dt) ?? false,
        osd: () => this.drcOsd(),
        emit: (method, data) => {
          this.sent.events++;
          this.publish(eventsTopic(this.sn), this.envelope(method, data, { need_reply: 0 }), 1);
        },
        state: (data) => {
          this.sent.state++;
          this.publish(stateTopic(this.sn), this.envelope(undefined, data), 1);
        },
        log,
      },
      options.drcHeartbeatTimeoutMs,
      kind === 'pilot',
    );
    this.logs =
      kind === 'dock'
        ? new SimulatedLogs(
            {
              dockSn: plan.gateway.sn,
              aircraftSn: plan.aircraft.sn,
              emit: (method, data) => {
                this.sent.events++;
                this.publish(eventsTopic(this.sn), this.envelope(method, data, { need_reply: 0 }), 1);
              },
              log: (message) => log(`${this.sn}: ${message}`),
            },
            options.logStepMs ?? 3_000,
          )
        : null;
  }

  /** The commanded aircraft as DRC's osd_info_push reports it (ellipsoidal height), or null on the ground. */
  private drcOsd(): OsdInfoPush | null {
    if (!this.commanded?.airborne) return null;
    const { lat, lng, alt, heading } = this.commanded.attitude;
    return {
      attitude_head: heading > 180 ? heading - 360 : heading,
      latitude: lat,
      longitude: lng,
      height: alt + SIMULATED_HOME_ELEVATION,
      speed_x: 0,
      speed_y: 0,
      speed_z: 0,
      gimbal_pitch: -30,
      gimbal_roll: 0,
      gimbal_yaw: heading > 180 ? heading - 360 : heading,
    };
  }

  /** A device of this gateway now runs `version`: kept for reconnections and reported in `state`. */
  private reportFirmware(sn: string, version: string) {
    const device = [this.plan.gateway, this.plan.aircraft].find((d) => d.sn === sn);
    if (!device) return;
    device.firmware = version;
    this.publish(stateTopic(sn), this.envelope(undefined, { firmware_version: version }), 1);
    this.sent.state++;
  }

  /** The camera of `videoId`, if this gateway has it. */
  camera(videoId: string): SimulatedCamera | undefined {
    return this.cameras.find((c) => c.videoId === videoId);
  }

  /** The gateway's `live_capacity`: each video source with its camera (an RC names the infrared lens `thermal`). */
  liveCapacity(): LiveCapacity {
    const lenses = this.plan.kind === 'dock' ? ['normal', 'wide', 'zoom', 'ir'] : ['normal', 'wide', 'zoom', 'thermal'];
    return {
      available_video_number: this.cameras.length,
      coexist_video_number_max: this.cameras.length,
      device_list: this.cameras.map((camera, i) => ({
        sn: camera.sn,
        available_video_number: 1,
        coexist_video_number_max: 1,
        camera_list: [
          {
            camera_index: i === 0 ? AIRCRAFT_CAMERA : DOCK_CAMERA,
            available_video_number: 1,
            coexist_video_number_max: 1,
            video_list: [{ video_index: 'normal-0', video_type: camera.currentLens, switchable_video_types: i === 0 ? lenses : ['normal'] }],
          },
        ],
      })),
    };
  }

  /** Lets an aircraft held for clearance take off on its circuit. */
  clearForTakeoff(): void {
    this.cleared = true;
  }

  get sn(): string {
    return this.plan.gateway.sn;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects, declares the topology (waits for status_reply), sends state and asks for the platform configuration. */
  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: this.sn,
      username: this.login.username,
      password: this.login.password,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 7000,
    });
    this.client = client;
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await this.handshake();
    // A reconnection declares the topology again, as a gateway does after a link loss.
    client.on('connect', () => void this.handshake().catch((error: Error) => this.options.log(`${this.sn}: ${error.message}`)));
    const requests: Array<[string, Record<string, unknown>]> = [[METHOD_CONFIG, { config_type: 'json', config_scope: 'product' }]];
    if (this.plan.kind === 'dock') requests.push([METHOD_AIRPORT_BIND_STATUS, { devices: [{ sn: this.sn }, { sn: this.plan.aircraft.sn }] }]);
    for (const [method, data] of requests) {
      const reply = await this.request(method, data);
      if (reply.result !== RESULT.ok) this.options.log(`${this.sn}: the platform answered ${method} with result ${reply.result}`);
    }
  }

  /** Subscribes to what the platform sends this gateway, declares the topology and reports the devices' state. */
  private async handshake(): Promise<void> {
    const client = this.client!;
    this.declared = false;
    const downlinks = [
      servicesTopic(this.sn),
      deviceTopic(this.sn, 'property/set'),
      replyTopic(eventsTopic(this.sn)),
      replyTopic(requestsTopic(this.sn)),
      replyTopic(statusTopic(this.sn)),
    ];
    await client.subscribeAsync(downlinks, { qos: 1 });
    const reply = await this.announceTopologyRepeatedly();
    if (reply.result !== RESULT.ok) throw new Error(`${this.sn}: the platform refused update_topo (result ${reply.result})`);
    this.declared = true;
    this.sendState();
  }

  /** update_topo until the platform answers, as a gateway repeats it while it gets no status_reply. */
  private async announceTopologyRepeatedly(attempts = 3): Promise<ReplyData> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.announceTopology(true);
      } catch (error) {
        if (!(error instanceof ReplyTimeoutError) || attempt >= attempts) throw error;
        this.options.log(`${error.message}; declaring the topology again`);
      }
    }
  }

  /** update_topo with the aircraft (or, when it is gone, none); resolves with status_reply's data. */
  announceTopology(withAircraft: boolean): Promise<ReplyData> {
    const { gateway, aircraft } = this.plan;
    const identity = (device: DeviceIdentity) => ({
      domain: String(device.domain),
      type: device.type,
      sub_type: device.subType,
      device_secret: randomUUID().replaceAll('-', ''),
      nonce: randomUUID().replaceAll('-', ''),
      thing_version: '1.1.2',
    });
    const subDevices = withAircraft ? [{ sn: aircraft.sn, ...identity(aircraft), index: this.plan.kind === 'dock' ? 'A' : 'B' }] : [];
    this.sent.status++;
    return this.exchange(statusTopic(this.sn), 'update_topo', { ...identity(gateway), sub_devices: subDevices });
  }

  /** Sends a request on thing/product/{gw}/requests (`null`: one without parameters) and resolves with the reply's data. */
  request(method: string, data: Record<string, unknown> | null): Promise<ReplyData> {
    this.sent.requests++;
    return this.exchange(requestsTopic(this.sn), method, data);
  }

  /** The HMS `device_type` ("domain-type-subtype") of the gateway or its aircraft. */
  deviceType(which: 'gateway' | 'aircraft'): string {
    const device = this.plan[which];
    return deviceTypeKey(device.domain, device.type, device.subType);
  }

  /** Reports health items (an hms event, need_reply 1) and resolves with events_reply's data. */
  raiseHms(list: HmsItem[]): Promise<ReplyData> {
    this.sent.events++;
    return this.exchange(eventsTopic(this.sn), METHOD_HMS, { list }, { need_reply: 1 });
  }

  /** Advances the flight by dt seconds and publishes OSD; docks publish every `dockEvery`-th tick. */
  tick(dt: number, seconds: number, dockEvery: number) {
    const sample = this.commanded
      ? this.commanded.step(dt)
      : this.mission
        ? this.mission.flight.step(dt)
        : this.options.parked || !this.cleared
          ? this.parkedSample()
          : this.flight.step(dt);
    this.reportProgress();
    this.reportCommandProgress();
    if (sample.flying && this.connected && this.declared) this.flightAreas?.reportLocation(sample);
    this.uploadPhotos();
    if (this.last) this.travelled += distance(this.last, sample);
    this.last = sample;
    this.ticks++;
    if (!this.connected || !this.declared) return;
    const { gateway, aircraft } = this.plan;
    this.publish(osdTopic(aircraft.sn), this.envelope(undefined, aircraftOsd(sample, { homeHeight: 20, totalFlightDistance: this.travelled, seconds })));
    this.sent.osd++;
    if (this.plan.kind === 'pilot') {
      this.publish(osdTopic(gateway.sn), this.envelope(undefined, remoteControllerOsd(this.home, 20, 80 - (Math.floor(seconds / 120) % 40), seconds)));
      this.sent.osd++;
    } else if (this.ticks % dockEvery === 0) {
      const inDock = !sample.flying;
      const data = dockOsd({ position: this.home, height: 20, droneInDock: inDock, droneBatteryPercent: sample.batteryPercent, working: !inDock, seconds });
      this.publish(osdTopic(gateway.sn), this.envelope(undefined, this.dockDebug ? this.dockDebug.osd(data) : data));
      this.sent.osd++;
    }
  }

  /** Declares the aircraft gone (empty sub_devices) and disconnects. */
  async stop(): Promise<void> {
    for (const camera of this.cameras) camera.stop();
    this.dockDebug?.stop();
    this.firmware?.stop();
    this.logs?.stop();
    this.drc?.stop();
    const client = this.client;
    if (!client) return;
    if (client.connected) await this.announceTopology(false).catch(() => undefined);
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error('gateway stopped'));
    }
    this.pending.clear();
    await client.endAsync();
    this.client = null;
  }

  /** The rarely-changing properties; the simulated firmware never changes, so they go out on each (re)connection. */
  private sendState() {
    for (const device of [this.plan.gateway, this.plan.aircraft]) {
      this.publish(stateTopic(device.sn), this.envelope(undefined, { firmware_version: device.firmware }), 1);
      this.sent.state++;
    }
    this.publish(stateTopic(this.sn), this.envelope(undefined, { live_capacity: this.liveCapacity() }), 1);
    this.publish(stateTopic(this.plan.aircraft.sn), this.envelope(undefined, this.settings.aircraft), 1);
    if (this.plan.kind === 'dock') this.publish(stateTopic(this.sn), this.envelope(undefined, this.settings.dock), 1);
    this.sent.state += 2;
    this.sendLiveStatus();
  }

  /** `live_status` of the gateway's videos, on each change (state is pushed when it changes). */
  private sendLiveStatus() {
    this.publish(stateTopic(this.sn), this.envelope(undefined, { live_status: this.cameras.map((c) => c.status()) }), 1);
    this.sent.state++;
  }

  /**
   * A live service: carried out on its camera (ffmpeg), or refused with DJI's code. A start is answered once the push
   * is up, as a device does (it reports a streaming server it cannot reach as …010 in the reply).
   */
  private serveLive(method: keyof LiveFaults, data: unknown): number | 'silent' | Promise<number> {
    const family = this.plan.kind === 'dock' ? 513_000 : 613_000;
    const fault = this.options.liveFaults?.[method];
    if (fault !== undefined) return fault;
    const { video_id } = liveStopPushSchema.parse(data);
    const camera = this.camera(video_id);
    if (!camera) return family + 2;
    if (method === METHOD_LIVE_START_PUSH) {
      const start = liveStartPushSchema.parse(data);
      if (start.url_type !== 1) return family + 13;
      if (camera.live) return family + 3;
      const pushing = camera.start(start.url, start.video_quality as VideoQuality);
      this.sendLiveStatus();
      return pushing.then((up) => (up ? RESULT.ok : family + ENABLE_FAILED));
    } else if (!camera.live) return family + NO_LIVE_STREAM;
    else if (method === METHOD_LIVE_STOP_PUSH) camera.stop();
    else if (method === METHOD_LIVE_SET_QUALITY) camera.setQuality(liveSetQualitySchema.parse(data).video_quality as VideoQuality);
    else camera.setLens(liveLensChangeSchema.parse(data).video_type as LensType);
    this.sendLiveStatus();
    return RESULT.ok;
  }

  private envelope(method: string | undefined, data: unknown, extra: Partial<Envelope> = {}): Envelope {
    return { tid: randomUUID(), bid: randomUUID(), timestamp: Date.now(), ...(method ? { method } : {}), gateway: this.sn, ...extra, data };
  }

  private publish(topic: string, message: Envelope, qos: 0 | 1 = 0) {
    this.client?.publish(topic, JSON.stringify(message), { qos });
  }

  private exchange(topic: string, method: string, data: unknown, extra: Partial<Envelope> = {}): Promise<ReplyData> {
    const message = this.envelope(method, data, extra);
    return new Promise<ReplyData>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(message.tid);
        reject(new ReplyTimeoutError(`${this.sn}: no reply to ${method} on ${topic} within ${this.options.replyTimeoutMs} ms`));
      }, this.options.replyTimeoutMs);
      this.pending.set(message.tid, { resolve, reject, timer });
      this.publish(topic, message, 1);
    });
  }

  private onMessage(topic: string, payload: Buffer) {
    let message: Envelope;
    try {
      message = JSON.parse(payload.toString('utf8')) as Envelope;
    } catch {
      this.options.log(`${this.sn}: ignored a message on ${topic} that is not JSON`);
      return;
    }
    if (topic === servicesTopic(this.sn)) {
      this.answerService(message);
      return;
    }
    if (topic === deviceTopic(this.sn, 'property/set')) {
      this.answerPropertySet(message);
      return;
    }
    const pending = this.pending.get(message.tid);
    if (!pending) return;
    this.pending.delete(message.tid);
    clearTimeout(pending.timer);
    pending.resolve((message.data ?? { result: RESULT.invalidMessage }) as ReplyData);
  }

  /** property/set: applied to the settings, answered on property/set_reply, the new value reported in `state`. */
  private answerPropertySet(message: Envelope) {
    const { reply, changed } = this.settings.apply(message.data);
    this.servicesReceived.push('property/set');
    this.publish(
      replyTopic(deviceTopic(this.sn, 'property/set')),
      { tid: message.tid, bid: message.bid, timestamp: Date.now(), gateway: this.sn, data: reply },
      1,
    );
    if (!changed) return;
    const sn = changed.device === 'dock' ? this.plan.gateway.sn : this.plan.aircraft.sn;
    this.publish(stateTopic(sn), this.envelope(undefined, changed.values), 1);
    this.sent.state++;
  }

  private answerService(message: Envelope) {
    const method = message.method ?? '';
    this.servicesReceived.push(method);
    void this.serve(method, message.data)
      .catch((error: Error) => {
        this.options.log(`${this.sn}: ${method} failed: ${error.message}`);
        return NOT_NOW;
      })
      .then((result) => {
        if (result === 'silent') return;
        const data = typeof result === 'number' ? { result } : result;
        const reply = { tid: message.tid, bid: message.bid, timestamp: Date.now(), method, gateway: this.sn, data };
        this.publish(replyTopic(servicesTopic(this.sn)), reply, 1);
        this.sent.services_reply++;
      });
  }

  /** Carries out one service; resolves with the result code of its reply (or the whole reply data). */
  private async serve(method: string, data: unknown): Promise<number | 'silent' | DebugReply | ServiceReply> {
    switch (method) {
      case METHOD_FLIGHTTASK_PREPARE:
        return this.prepare(data);
      case METHOD_FLIGHTTASK_EXECUTE: {
        const { flight_id } = flighttaskExecuteSchema.parse(data);
        if (this.prepared?.flightId !== flight_id) return NOT_NOW;
        const from = this.last ?? this.home;
        this.mission = {
          flight: new MissionFlight({ ...from, alt: 0 }, this.prepared, 100, { ...this.options.faults }),
          bid: randomUUID(),
          reportedEnd: false,
        };
        this.prepared = null;
        return RESULT.ok;
      }
      case METHOD_FLIGHTTASK_UNDO: {
        const { flight_ids } = flighttaskUndoSchema.parse(data);
        if (this.prepared && flight_ids.includes(this.prepared.flightId)) this.prepared = null;
        return RESULT.ok;
      }
      case METHOD_FLIGHTTASK_PAUSE:
        return this.flying()?.pause() ? RESULT.ok : NOT_NOW;
      case METHOD_FLIGHTTASK_RECOVERY:
        return this.flying()?.resume() ? RESULT.ok : NOT_NOW;
      case METHOD_RETURN_HOME:
        if (this.commanded) return this.commanded.returnHome() ? RESULT.ok : NOT_NOW;
        return this.flying()?.returnHome() ? RESULT.ok : NOT_NOW;
      case METHOD_FLIGHT_AUTHORITY_GRAB:
        return this.drc?.grab() ?? RESULT.ok;
      case METHOD_DRC_MODE_ENTER:
        return this.drc?.enter(data) ?? RESULT.unknownMethod;
      case METHOD_DRC_MODE_EXIT:
        return this.drc?.exit() ?? RESULT.unknownMethod;
      case METHOD_CLOUD_CONTROL_AUTH_REQUEST:
        return this.plan.kind === 'pilot' ? this.drc.askPilot() : RESULT.unknownMethod;
      case METHOD_CLOUD_CONTROL_RELEASE:
        return this.plan.kind === 'pilot' ? this.drc.release() : RESULT.unknownMethod;
      case METHOD_TAKEOFF_TO_POINT:
        return this.takeoff(data);
      case METHOD_FLY_TO_POINT: {
        const { fly_to_id, max_speed, points } = flyToSchema.parse(data);
        return this.commanded?.flyTo(fly_to_id, this.relative(points[0]), max_speed) ? RESULT.ok : NOT_FLYING;
      }
      case METHOD_FLY_TO_POINT_UPDATE: {
        const { max_speed, points } = flyToUpdateSchema.parse(data);
        return this.commanded?.update(this.relative(points[0]), max_speed) ? RESULT.ok : NOT_FLYING;
      }
      case METHOD_FLY_TO_POINT_STOP:
        return this.commanded?.stop() ? RESULT.ok : NOT_FLYING;
      case METHOD_OTA_CREATE:
        return this.firmware?.create(data, this.flying() !== undefined || this.commanded?.airborne === true) ?? RESULT.unknownMethod;
      case METHOD_FLIGHT_AREAS_UPDATE:
        return this.flightAreas?.update() ?? RESULT.unknownMethod;
      case METHOD_FILEUPLOAD_LIST:
        return this.logs?.list() ?? RESULT.unknownMethod;
      case METHOD_FILEUPLOAD_START:
        return this.logs?.start(data) ?? RESULT.unknownMethod;
      case METHOD_FILEUPLOAD_UPDATE:
        return this.logs?.update(data) ?? RESULT.unknownMethod;
      case METHOD_LIVE_START_PUSH:
      case METHOD_LIVE_STOP_PUSH:
      case METHOD_LIVE_SET_QUALITY:
      case METHOD_LIVE_LENS_CHANGE:
        return this.serveLive(method, data);
      default:
        if (this.dockDebug && isDebugMethodName(method)) return this.dockDebug.serve(method, data, this.flying() !== undefined);
        return KNOWN_SERVICES.has(method) ? RESULT.ok : RESULT.unknownMethod;
    }
  }

  /** flighttask_prepare: downloads the KMZ, checks its md5 against the fingerprint and reads the waylines. */
  private async prepare(data: unknown): Promise<number> {
    const prepare = flighttaskPrepareSchema.parse(data);
    if (this.options.faults?.refusePrepare) return PREPARE_REFUSED;
    const response = await fetch(prepare.file.url);
    if (!response.ok) {
      this.options.log(`${this.sn}: wayline download answered ${response.status}`);
      return PREPARE_REFUSED;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (createHash('md5').update(bytes).digest('hex') !== prepare.file.fingerprint) {
      this.options.log(`${this.sn}: the wayline file does not match its fingerprint`);
      return PREPARE_REFUSED;
    }
    const { waypoints } = readKmz(bytes);
    this.prepared = {
      flightId: prepare.flight_id,
      waypoints: waypoints.map((w) => ({ lat: w.lat, lng: w.lng, alt: w.alt, speed: w.speed, photo: w.actions.some((a) => a.type === 'takePhoto') })),
      rthAltitude: prepare.rth_altitude,
      rcLostAction: prepare.out_of_control_action,
      exitOnRcLost: prepare.exit_wayline_when_rc_lost,
    };
    return RESULT.ok;
  }

  /** takeoff_to_point: from its home (on the ground, no mission, the dock not in remote debugging) to the target. */
  private takeoff(data: unknown): number {
    const takeoff = takeoffToPointSchema.parse(data);
    if (this.commanded?.airborne || this.flying() || this.dockDebug?.modeCode === 2) return NOT_NOW;
    const target = this.relative({ latitude: takeoff.target_latitude, longitude: takeoff.target_longitude, height: takeoff.target_height });
    const climbTo = Math.max(takeoff.security_takeoff_height, takeoff.commander_flight_height);
    this.commanded = new CommandFlight(this.home, { id: takeoff.flight_id, target, speed: takeoff.max_speed, climbTo }, takeoff.rth_altitude, 100);
    return RESULT.ok;
  }

  /** A DJI point (ellipsoidal height) as the simulation's (height above the home). */
  private relative(point: { latitude: number; longitude: number; height: number }): Point {
    return { lat: point.latitude, lng: point.longitude, alt: Math.max(0, point.height - SIMULATED_HOME_ELEVATION) };
  }

  /** One takeoff_to_point_progress / fly_to_point_progress per tick while a commanded flight heads for its target. */
  private reportCommandProgress() {
    const commanded = this.commanded;
    if (!commanded || !this.connected || !this.declared) return;
    const progress = commanded.progress();
    if (commanded.landed) this.commanded = null;
    if (!progress) return;
    const { kind, id, planned_path_points, ...rest } = progress;
    const path = planned_path_points.map((p) => ({ ...p, height: p.height + SIMULATED_HOME_ELEVATION }));
    const data =
      kind === 'takeoff'
        ? { flight_id: id, result: 0, way_point_index: 0, planned_path_points: path, ...rest }
        : { fly_to_id: id, result: 0, way_point_index: 0, planned_path_points: path, ...rest };
    this.sent.events++;
    this.exchange(eventsTopic(this.sn), kind === 'takeoff' ? METHOD_TAKEOFF_TO_POINT_PROGRESS : METHOD_FLY_TO_POINT_PROGRESS, data, { need_reply: 1 }).catch(
      (error: Error) => this.options.log(error.message),
    );
  }

  /** The mission in the air, if any. */
  private flying(): MissionFlight | undefined {
    return this.mission && !this.mission.flight.finished ? this.mission.flight : undefined;
  }

  /** One flighttask_progress per tick while a mission flies, and the final one when it landed. */
  private reportProgress() {
    const mission = this.mission;
    if (!mission || mission.reportedEnd || !this.connected || !this.declared) return;
    const { status, percent, waypointIndex } = mission.flight.progress();
    if (mission.flight.finished) mission.reportedEnd = true;
    const flightId = mission.flight.mission.flightId;
    const data = {
      result: 0,
      output: { status, progress: { current_step: waypointIndex, percent }, ext: { flight_id: flightId, current_waypoint_index: waypointIndex } },
    };
    this.sent.events++;
    const at = Date.now();
    this.exchange(eventsTopic(this.sn), METHOD_FLIGHTTASK_PROGRESS, data, { need_reply: 1, bid: mission.bid }).catch((error: Error) =>
      this.options.log(error.message),
    );
    this.options.onProgressSent?.({ flightId, status, percent, at });
  }

  /**
   * A dock uploads the photos of the wayline it flies as DJI's docks do: storage_config_get once for the credentials,
   * each photo (a real DJI JPEG with its XMP rewritten to where it was taken) put in the bucket through the S3
   * protocol, then file_upload_callback (need_reply). Pilot 2 uploads over HTTP instead: not simulated.
   */
  private uploadPhotos() {
    const mission = this.mission;
    if (!mission || this.plan.kind !== 'dock' || !this.connected || !this.declared) return;
    const shots = mission.flight.takeShots();
    if (!shots.length) return;
    const flightId = mission.flight.mission.flightId;
    this.photoUploads = this.photoUploads
      .then(async () => {
        for (const shot of shots) await this.uploadPhoto(flightId, shot);
      })
      .catch((error: Error) => this.options.log(`${this.sn}: photo upload failed: ${error.message}`));
  }

  private async uploadPhoto(flightId: string, shot: Point & { heading: number; at: Date }) {
    const s3sdk = await import('@aws-sdk/client-s3');
    if (!this.storage) {
      const reply = await this.request(METHOD_STORAGE_CONFIG_GET, { module: 0 });
      if (reply.result !== RESULT.ok) throw new Error(`storage_config_get answered ${reply.result}`);
      const output = reply.output as unknown as StorageConfigOutput;
      this.storage = { output, s3: await deviceS3(output) };
    }
    const { output, s3 } = this.storage;
    this.photoCount++;
    const stamp = shot.at.toISOString().replace(/\D/g, '').slice(0, 14);
    const name = `DJI_${stamp}_${String(this.photoCount).padStart(4, '0')}_T.JPG`;
    const key = `${output.object_key_prefix}${flightId}/${name}`;
    const photo = djiPhoto(templatePhoto(), {
      lat: shot.lat,
      lng: shot.lng,
      relativeAlt: shot.alt,
      absoluteAlt: shot.alt + SIMULATED_HOME_ELEVATION,
      gimbalYaw: shot.heading,
      gimbalPitch: -90,
      flightYaw: shot.heading,
      at: shot.at,
    });
    await s3.send(new s3sdk.PutObjectCommand({ Bucket: output.bucket, Key: key, Body: photo, ContentType: 'image/jpeg' }));
    this.sent.events++;
    this.options.onPhotoCallbackSent?.({ aircraftSn: this.plan.aircraft.sn, name, objectKey: key, at: Date.now() });
    const reply = await this.exchange(
      eventsTopic(this.sn),
      METHOD_FILE_UPLOAD_CALLBACK,
      {
        file: {
          object_key: key,
          path: flightId,
          name,
          ext: { flight_id: flightId, drone_model_key: this.deviceType('aircraft'), payload_model_key: '1-43-0', is_original: true },
          metadata: {
            gimbal_yaw_degree: shot.heading,
            absolute_altitude: shot.alt + SIMULATED_HOME_ELEVATION,
            relative_altitude: shot.alt,
            create_time: shot.at.toISOString(),
            shoot_position: { lat: shot.lat, lng: shot.lng },
          },
          cloud_to_cloud_id: 'DEFAULT',
        },
        flight_task: { uploaded_file_count: this.photoCount, expected_file_count: this.photoCount, flight_type: 0 },
      },
      { need_reply: 1 },
    );
    if (reply.result !== RESULT.ok) this.options.log(`${this.sn}: file_upload_callback for ${name} answered ${reply.result}`);
  }

  /** On the ground at home, waiting for a mission. */
  private parkedSample(): FlightSample {
    return {
      lat: this.home.lat,
      lng: this.home.lng,
      elevation: 0,
      heading: 0,
      horizontalSpeed: 0,
      verticalSpeed: 0,
      batteryPercent: 100,
      remainFlightTime: 1800,
      modeCode: MODE.idle,
      homeDistance: 0,
      flightTime: 0,
      flying: false,
    };
  }
}
