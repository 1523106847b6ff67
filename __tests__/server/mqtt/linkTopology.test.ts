import { updateTopoSchema } from '@shared/dji/topology';
import { LinkTopology } from '../../../server/mqtt/gateway/topology';
import { aircraft, DOCK } from './dji';

/** An update_topo of DOCK-1 declaring `subs`, as the link reads it. */
const topo = (...subs: string[]) => updateTopoSchema.parse({ ...DOCK, thing_version: '1.1.2', sub_devices: subs.map(aircraft) });

/**
 * Instances splitting a gateway's messages (shared subscriptions) apply its update_topos in whatever order they reach
 * them: the one it sent last stands, unless the gateway's clock went back (then the newer one is applied).
 */
describe('LinkTopology: which update_topo of a gateway stands', () => {
  it.each<[string, Array<[subs: string[], at: number]>, string[]]>([
    [
      'in order',
      [
        [['AC-1'], 1_000],
        [['AC-2'], 2_000],
      ],
      ['AC-2'],
    ],
    [
      'an older one arriving late is ignored',
      [
        [['AC-2'], 2_000],
        [['AC-1'], 1_000],
      ],
      ['AC-2'],
    ],
    [
      'the same one twice (its own announcement)',
      [
        [['AC-1'], 1_000],
        [['AC-1'], 1_000],
      ],
      ['AC-1'],
    ],
    [
      'a clock gone back by more than a minute is applied',
      [
        [['AC-2'], 100_000],
        [['AC-1'], 30_000],
      ],
      ['AC-1'],
    ],
  ])('%s', (_case, updates, expected) => {
    const topology = new LinkTopology();
    for (const [subs, at] of updates) topology.apply('DOCK-1', topo(...subs), at);
    expect(topology.subDevicesOf('DOCK-1')).toEqual(expected);
    expect(topology.gatewayFor(expected[0])).toBe('DOCK-1');
  });
});
