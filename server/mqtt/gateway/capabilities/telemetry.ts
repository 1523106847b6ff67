import { normaliseOsd } from '@shared/dji/live';
import { mergeLive } from '@shared/dji/mergeLive';
import { stateSchema } from '@shared/dji/osd';
import { RESULT } from '@shared/dji/envelope';
import { z } from 'zod';
import { DroppedMessage, route, type Capability } from '../registry';
import type { DeviceStore } from '../../../devices/store';
import type { LinkCore } from './core';

/**
 * Telemetry: `osd` reports (partial ones merged into the last known state) feed the live channel and, for aircraft
 * connected here, the aircraft sample listeners; `state` properties are recorded.
 */
export function telemetryCapability(core: LinkCore, options: { store: DeviceStore }): Capability {
  return {
    name: 'telemetry',
    osd: route(
      // normaliseOsd reads the raw report: it knows the device's kind, which the schema cannot.
      z.unknown(),
      (sn, data, { local }) => {
        const kind = core.topology.kindOf(sn);
        if (!kind) return new DroppedMessage('undeclared_serial', { sn, channel: 'osd' }, RESULT.notAllowed);
        const result = normaliseOsd(sn, kind, data, core.now());
        if (!result.ok) return new DroppedMessage('invalid_data', { sn, issues: result.issues.slice(0, 3) }, RESULT.invalidMessage);
        const live = mergeLive(core.liveState(sn), result.live);
        core.setLiveState(sn, live);
        core.report(sn, kind);
        if (kind === 'aircraft' && local) core.aircraftSampled({ sn, gatewaySn: core.topology.gatewayFor(sn), live, at: core.now() });
      },
      { followed: true },
    ),
    state: route(stateSchema, async (sn, state) => {
      await options.store.recordState(sn, state);
    }),
  };
}
