import { DEFECT_ACTIONS, DEFECT_STATUSES, regionBounds, defectRegionSchema } from '@shared/entities/defect';
import { allowedActions, DEFECT_MACHINE, transition } from '../../../server/domain/stateMachines';

const defectStep = (status: string, action: string) => {
  const result = transition(DEFECT_MACHINE, status, action);
  return result.ok ? result.to : null;
};

describe('defect workflow', () => {
  const legal: Record<string, string> = {
    'new confirm': 'confirmed',
    'new reject': 'rejected',
    'confirmed repair': 'in_repair',
    'confirmed reject': 'rejected',
    'in_repair fix': 'fixed',
    'fixed verify': 'verified',
  };
  const cases = DEFECT_STATUSES.flatMap((status) => DEFECT_ACTIONS.map((action) => [status, action, legal[`${status} ${action}`] ?? null] as const));
  it.each(cases)('%s --%s--> %s', (status, action, to) => {
    expect(defectStep(status, action)).toBe(to);
  });

  it.each([
    ['new', ['confirm', 'reject']],
    ['confirmed', ['repair', 'reject']],
    ['in_repair', ['fix']],
    ['fixed', ['verify']],
    ['verified', []],
    ['rejected', []],
  ] as const)('a %s defect offers %j', (status, actions) => {
    expect(allowedActions(DEFECT_MACHINE, status)).toEqual(actions);
  });
});

describe('defect regions', () => {
  it.each([
    [
      {
        type: 'rect',
        points: [
          [0.1, 0.2],
          [0.4, 0.5],
        ],
      },
      true,
    ],
    [
      {
        type: 'polygon',
        points: [
          [0, 0],
          [1, 0],
          [0.5, 1],
        ],
      },
      true,
    ],
    [
      {
        type: 'polygon',
        points: [
          [0, 0],
          [1, 0],
        ],
      },
      false,
    ],
    [
      {
        type: 'rect',
        points: [
          [0.1, 0.2],
          [1.4, 0.5],
        ],
      },
      false,
    ],
    [{ type: 'circle', points: [[0.1, 0.2]] }, false],
  ])('%j valid: %p', (region, valid) => {
    expect(defectRegionSchema.safeParse(region).success).toBe(valid);
  });

  it('bounds a polygon', () => {
    expect(
      regionBounds({
        type: 'polygon',
        points: [
          [0.5, 0.1],
          [0.9, 0.4],
          [0.2, 0.8],
        ],
      }),
    ).toEqual([0.2, 0.1, 0.9, 0.8]);
  });
});
