import { z } from 'zod';
import { djiLiveSchema } from './live';

/**
 * DJI dock remote debugging (spec dji-cloud-api-next §5): the `cmd` services on `thing/product/{dock}/services`,
 * their replies `{result, output:{status}}`, the progress events of the long ones (same method on `…/events`) and
 * DJI's error codes. The platform's rules over them are in shared/dji/remoteRules.ts.
 */

/** Dock `type` of `3-{type}-0`: DJI Dock, Dock 2, Dock 3. */
export const DOCK_TYPE = { dock1: 1, dock2: 2, dock3: 3 } as const;

/** Dock `mode_code`: 0 idle, 1 on-site debugging, 2 remote debugging, 3 upgrading, 4 working. */
export const DOCK_MODE = { idle: 0, onSiteDebug: 1, remoteDebug: 2, upgrading: 3, working: 4 } as const;

const flag = z.union([z.literal(0), z.literal(1)]);

export interface DebugMethod {
  /** The `action` the service carries in `data` (absent: `data` is null). */
  action?: z.ZodType<number>;
  /** A long job the dock reports progress of on `…/events`. */
  job: boolean;
  /** The dock types that have it (absent: every dock). */
  models?: readonly number[];
}

/**
 * The debug services the console offers, as the doc lists them: `action` 0 off / 1 on for battery maintenance,
 * 0 idle, 1 cool, 2 heat, 3 dehumidify for the air conditioner. The putter is Dock 1's only.
 */
export const DEBUG_METHODS = {
  debug_mode_open: { job: false },
  debug_mode_close: { job: false },
  cover_open: { job: true },
  cover_close: { job: true },
  drone_open: { job: true },
  drone_close: { job: true },
  charge_open: { job: true },
  charge_close: { job: true },
  device_reboot: { job: true },
  supplement_light_open: { job: false },
  supplement_light_close: { job: false },
  battery_maintenance_switch: { job: false, action: flag },
  air_conditioner_mode_switch: { job: false, action: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]) },
  putter_open: { job: true, models: [DOCK_TYPE.dock1] },
  putter_close: { job: true, models: [DOCK_TYPE.dock1] },
} as const satisfies Record<string, DebugMethod>;

export type DebugMethodName = keyof typeof DEBUG_METHODS;
export const DEBUG_METHOD_NAMES = Object.keys(DEBUG_METHODS) as DebugMethodName[];
export const METHOD_DEBUG_MODE_OPEN = 'debug_mode_open';

export const isDebugMethodName = (method: string): method is DebugMethodName => Object.hasOwn(DEBUG_METHODS, method);

/** What the doc says of a debug service (its action, whether it is a job, the dock types that have it). */
export const debugMethod = (method: DebugMethodName): DebugMethod => DEBUG_METHODS[method];

/** What the console asks for: a method and, for the switches, its action. */
export const debugCommandSchema = z.object({ method: z.enum(DEBUG_METHOD_NAMES), action: z.number().int().optional() }).superRefine((command, ctx) => {
  const spec = debugMethod(command.method);
  if (spec.action && !spec.action.safeParse(command.action).success)
    ctx.addIssue({ code: 'custom', path: ['action'], message: `is not an action of ${command.method}` });
  if (!spec.action && command.action !== undefined) ctx.addIssue({ code: 'custom', path: ['action'], message: `${command.method} takes no action` });
});
export type DebugCommand = z.infer<typeof debugCommandSchema>;

/** The `data` of a debug service: `{action}` for the switches, null otherwise. */
export const debugServiceData = (command: DebugCommand): Record<string, unknown> | null => (command.action === undefined ? null : { action: command.action });

/** A debug job's status (reply output and progress events); the last five end it (SDK). */
export const DEBUG_STATUSES = ['sent', 'in_progress', 'ok', 'paused', 'rejected', 'failed', 'canceled', 'timeout'] as const;
export type DebugStatus = (typeof DEBUG_STATUSES)[number];
export const TERMINAL_DEBUG_STATUSES: ReadonlySet<DebugStatus> = new Set(['ok', 'rejected', 'failed', 'canceled', 'timeout']);

const stepKey = z.string().max(64);

/** A progress event of a debug job: `{result, output:{status, progress:{percent, step_key}}}`. */
export const debugProgressSchema = z.object({
  result: z.number().int(),
  output: z.object({
    status: z.enum(DEBUG_STATUSES),
    progress: z
      .object({
        percent: z.number().min(0).max(100).optional(),
        step_key: stepKey.optional(),
        current_step: z.number().int().optional(),
        total_steps: z.number().int().optional(),
      })
      .optional(),
  }),
});
export type DebugProgress = z.infer<typeof debugProgressSchema>;

/** A job's status from a progress event: one still `in_progress` with a non-zero result has failed. Pure. */
export const progressStatus = (data: DebugProgress): DebugStatus => (data.result !== 0 && data.output.status === 'in_progress' ? 'failed' : data.output.status);

/** The reply's output of a debug service. */
export const debugReplyOutputSchema = z.looseObject({ status: z.enum(DEBUG_STATUSES).optional() });

/** A device job as the console shows it (debugging, firmware upgrade): its status, and the progress it reported last. */
export const jobProgressSchema = z.object({
  status: z.enum(DEBUG_STATUSES),
  result: z.number(),
  percent: z.number().nullable(),
  step_key: z.string().nullable(),
  updated_at: z.string(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** What a progress event says of its job, dated `updatedAt`. Pure. */
export function jobProgress(data: DebugProgress, updatedAt: string): JobProgress {
  const { progress } = data.output;
  return { status: progressStatus(data), result: data.result, percent: progress?.percent ?? null, step_key: progress?.step_key ?? null, updated_at: updatedAt };
}

/** The newest debug job of a dock as the console shows it. */
export const debugJobSchema = jobProgressSchema.extend({ method: z.enum(DEBUG_METHOD_NAMES) });

/** A dock's debugging view (GET /api/Device/{id}/debug/). */
export const debugViewSchema = z.object({
  online: z.boolean(),
  /** The dock's `mode_code` (2: remote debugging), null before it reported one. */
  mode_code: z.number().nullable(),
  live: djiLiveSchema.nullable(),
  job: debugJobSchema.nullable(),
  /** Each debug service the dock has, with why it cannot be sent now (null: it can). */
  methods: z.array(z.object({ method: z.enum(DEBUG_METHOD_NAMES), job: z.boolean(), refusal: z.string().nullable() })),
});

export type DebugView = z.infer<typeof debugViewSchema>;
export type DebugJob = z.infer<typeof debugJobSchema>;
