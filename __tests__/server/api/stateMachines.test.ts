import {
  allowedActions,
  APPLICATION_MACHINE,
  DEFECT_MACHINE,
  PLAN_MACHINE,
  PLAN_TELEMETRY_MACHINE,
  TASK_DISPATCH_MACHINE,
  TASK_MACHINE,
  transition,
  type Machine,
} from '../../../server/domain/stateMachines';

type Row = [from: string, action: string, to: string | null];

/** Every (state, action) pair of each machine: the expected next state, or null for an illegal transition. */
const cases: [Machine<string, string>, Row[]][] = [
  [
    TASK_MACHINE as Machine<string, string>,
    [
      ['pending', 'schedule', 'scheduled'],
      ['pending', 'start', null],
      ['pending', 'cancel', 'cancelled'],
      ['scheduled', 'start', 'running'],
      ['scheduled', 'cancel', 'cancelled'],
      ['scheduled', 'complete', null],
      ['running', 'complete', 'done'],
      ['running', 'fail', 'failed'],
      ['running', 'cancel', 'cancelled'],
      ['done', 'retry', null],
      ['done', 'cancel', null],
      ['failed', 'retry', 'pending'],
      ['cancelled', 'retry', 'pending'],
      ['cancelled', 'start', null],
    ],
  ],
  [
    TASK_DISPATCH_MACHINE as Machine<string, string>,
    [
      ['pending', 'dispatch', 'running'],
      ['scheduled', 'dispatch', 'running'],
      ['running', 'dispatch', null],
      ['failed', 'dispatch', null],
      ['scheduled', 'fail', 'failed'],
      ['pending', 'fail', null],
      ['running', 'fail', 'failed'],
      ['running', 'complete', 'done'],
      ['running', 'cancel', 'cancelled'],
      ['scheduled', 'complete', null],
      ['done', 'fail', null],
      ['cancelled', 'complete', null],
    ],
  ],
  [
    DEFECT_MACHINE as Machine<string, string>,
    [
      ['new', 'confirm', 'confirmed'],
      ['new', 'repair', null],
      ['fixed', 'verify', 'verified'],
      ['verified', 'reject', null],
    ],
  ],
  [
    APPLICATION_MACHINE as Machine<string, string>,
    [
      ['draft', 'submit', 'submitted'],
      ['draft', 'approve', null],
      ['draft', 'cancel', 'cancelled'],
      ['submitted', 'approve', 'approved'],
      ['submitted', 'reject', 'rejected'],
      ['submitted', 'submit', null],
      ['approved', 'cancel', 'cancelled'],
      ['approved', 'reject', null],
      ['rejected', 'approve', null],
      ['rejected', 'cancel', null],
      ['cancelled', 'submit', null],
    ],
  ],
  [
    PLAN_MACHINE as Machine<string, string>,
    [
      ['filed', 'accept', 'accepted'],
      ['filed', 'reject', 'rejected'],
      ['filed', 'end', null],
      ['filed', 'cancel', 'cancelled'],
      ['accepted', 'end', 'ended'],
      ['activated', 'end', 'ended'],
      ['nonconforming', 'end', 'ended'],
      ['activated', 'cancel', null],
      ['accepted', 'cancel', 'cancelled'],
      ['accepted', 'accept', null],
      ['rejected', 'end', null],
      ['ended', 'cancel', null],
      ['ended', 'end', null],
      ['cancelled', 'accept', null],
    ],
  ],
  [
    PLAN_TELEMETRY_MACHINE as Machine<string, string>,
    [
      ['filed', 'activate', null],
      ['accepted', 'activate', 'activated'],
      ['accepted', 'deviate', 'nonconforming'],
      ['accepted', 'end', 'ended'],
      ['activated', 'deviate', 'nonconforming'],
      ['activated', 'conform', null],
      ['activated', 'end', 'ended'],
      ['nonconforming', 'conform', 'activated'],
      ['nonconforming', 'activate', null],
      ['nonconforming', 'end', 'ended'],
      ['ended', 'activate', null],
      ['cancelled', 'activate', null],
      ['rejected', 'end', null],
    ],
  ],
];

describe.each(cases)('%s state machine', (machine, rows) => {
  it.each(rows)('%s --%s--> %s', (from, action, to) => {
    const result = transition(machine, from, action);
    if (to === null) {
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toContain(`Cannot ${action} a ${machine.name} that is ${from}`);
    } else {
      expect(result).toEqual({ ok: true, to });
    }
  });

  it('never leaves its own states and lists the actions each state allows', () => {
    for (const rule of Object.values(machine.transitions)) {
      expect(machine.states).toContain(rule.to);
      for (const from of rule.from) expect(machine.states).toContain(from);
    }
    for (const state of machine.states) for (const action of allowedActions(machine, state)) expect(transition(machine, state, action).ok).toBe(true);
  });

  it('rejects unknown actions, including inherited property names', () => {
    expect(transition(machine, machine.initial, 'explode')).toEqual({ ok: false, message: `Unknown ${machine.name} action "explode"` });
    expect(transition(machine, machine.initial, 'toString').ok).toBe(false);
  });
});
