import { RESULT } from '@shared/dji/envelope';
import type { DockOsd } from '@shared/dji/osd';
import { DEBUG_METHODS, debugCommandSchema, DOCK_MODE, isDebugMethodName, type DebugMethodName, type DebugStatus } from '@shared/dji/remoteDebug';

/** Weather and buttons a test (or an operator at the prompt) sets on a simulated dock; changeable while it runs. */
export interface DockConditions {
  /** 0 none … 3 heavy: from 1 the cover stays shut. */
  rainfall?: number;
  /** The dock's emergency stop is pressed. */
  emergencyStop?: boolean;
}

/** What the dock answers: DJI's result and the reply's output. */
export interface DebugReply {
  result: number;
  output?: { status: DebugStatus };
}

/** A progress event of a job: DJI's `{result, output:{status, progress:{percent, step_key}}}`. */
export interface DebugProgressEvent {
  method: DebugMethodName;
  data: { result: number; output: { status: DebugStatus; progress: { percent: number; step_key: string } } };
}

/** DJI's codes (SDK DebugErrorCodeEnum) the simulated dock refuses with. */
const ERROR = { emergencyStop: 514121, heavyRain: 514134, taskRunning: 514148, notInDebug: 514153, badParameter: 514171 } as const;

/** The steps each job reports (step_key values of SDK RemoteDebugStepKeyEnum). */
const STEPS: Partial<Record<DebugMethodName, readonly string[]>> = {
  cover_open: ['check_work_mode', 'check_scram_state', 'open_cover'],
  cover_close: ['check_work_mode', 'check_scram_state', 'close_cover'],
  drone_open: ['check_work_mode', 'get_drone_power_state', 'turn_on_drone'],
  drone_close: ['check_work_mode', 'get_drone_power_state'],
  charge_open: ['check_work_mode', 'check_wired_connect_state'],
  charge_close: ['check_work_mode', 'stop_charge'],
  device_reboot: ['get_bid', 'upgrading_prevent_reboot', 'check_work_mode', 'core_mcu_reboot'],
  putter_open: ['check_work_mode', 'free_putter'],
  putter_close: ['check_work_mode', 'close_putter'],
};

/** How many progress events a job sends over its duration. */
const EVENTS_PER_JOB = 5;

/**
 * A dock's remote debugging as a real one behaves (spec dji-cloud-api-next §5): `debug_mode_open` puts it in mode 2
 * (refused while it flies a task), every other service is refused outside mode 2 (514153); a job replies `sent`, then
 * reports its progress over `jobMs` (the cover takes ~20 s on a real dock) and changes the dock's state when done.
 * The cover stays shut in rain and nothing moves with the emergency stop pressed.
 */
export class SimulatedDockDebug {
  modeCode: number | null = null;
  coverOpen = false;
  droneOn = false;
  charging = false;
  supplementLight = false;
  batteryMaintenance = 0;
  airConditionerMode = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly options: {
      jobMs: number;
      conditions: DockConditions;
      emit: (event: DebugProgressEvent) => void;
    },
  ) {}

  /** Carries out one service (it is a debug service); the jobs go on after the reply. */
  serve(method: string, data: unknown, working: boolean): DebugReply {
    if (!isDebugMethodName(method)) return { result: RESULT.unknownMethod };
    const command = debugCommandSchema.safeParse({ method, ...(data && typeof data === 'object' ? data : {}) });
    if (!command.success) return { result: ERROR.badParameter };
    if (method === 'debug_mode_open') {
      if (working) return { result: ERROR.taskRunning };
      this.modeCode = DOCK_MODE.remoteDebug;
      return { result: RESULT.ok, output: { status: 'ok' } };
    }
    if (this.modeCode !== DOCK_MODE.remoteDebug) return { result: ERROR.notInDebug };
    if (this.options.conditions.emergencyStop) return { result: ERROR.emergencyStop };
    if (method === 'cover_open' && (this.options.conditions.rainfall ?? 0) > 0) return { result: ERROR.heavyRain };
    if (DEBUG_METHODS[method].job) {
      this.runJob(method);
      return { result: RESULT.ok, output: { status: 'sent' } };
    }
    this.apply(method, command.data.action);
    return { result: RESULT.ok, output: { status: 'ok' } };
  }

  /** The dock's OSD with what debugging changed (until debug_mode_open, the flight's own state holds). */
  osd(base: DockOsd): DockOsd {
    if (this.modeCode === null) return base;
    return {
      ...base,
      mode_code: this.modeCode,
      cover_state: this.coverOpen ? 1 : 0,
      drone_charge_state: { ...base.drone_charge_state, state: this.charging ? 1 : 0 },
    };
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private runJob(method: DebugMethodName) {
    const steps = STEPS[method] ?? ['check_work_mode'];
    for (let i = 1; i <= EVENTS_PER_JOB; i++) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          const done = i === EVENTS_PER_JOB;
          if (done) this.apply(method, undefined);
          const step = steps[Math.min(steps.length - 1, Math.floor(((i - 1) * steps.length) / EVENTS_PER_JOB))];
          this.options.emit({
            method,
            data: { result: 0, output: { status: done ? 'ok' : 'in_progress', progress: { percent: Math.round((100 * i) / EVENTS_PER_JOB), step_key: step } } },
          });
        },
        (this.options.jobMs * i) / EVENTS_PER_JOB,
      );
      this.timers.add(timer);
    }
  }

  private apply(method: DebugMethodName, action: number | undefined) {
    switch (method) {
      case 'debug_mode_close':
        this.modeCode = DOCK_MODE.idle;
        return;
      case 'cover_open':
      case 'cover_close':
        this.coverOpen = method === 'cover_open';
        return;
      case 'drone_open':
      case 'drone_close':
        this.droneOn = method === 'drone_open';
        return;
      case 'charge_open':
      case 'charge_close':
        this.charging = method === 'charge_open';
        return;
      case 'supplement_light_open':
      case 'supplement_light_close':
        this.supplementLight = method === 'supplement_light_open';
        return;
      case 'battery_maintenance_switch':
        this.batteryMaintenance = action ?? 0;
        return;
      case 'air_conditioner_mode_switch':
        this.airConditionerMode = action ?? 0;
        return;
      default:
        return;
    }
  }
}
