import { parseDeviceTypeKey } from '@shared/dji/devices';
import { RESULT } from '@shared/dji/envelope';
import { hmsEventSchema, METHOD_HMS } from '@shared/dji/events';
import type { AlertService, AttributedHms } from '../../../entities/alert/service';
import { spendHmsBudget, type HmsBucket } from '../hmsBudget';
import { DroppedMessage, route, type Capability } from '../registry';
import type { LinkCore } from './core';

/**
 * Health (`events` hms): each item becomes an alert on the device it is about (the aircraft for domain-0 items),
 * within the gateway's HMS budget (hmsBudget.ts).
 */
export function healthCapability(core: LinkCore, options: { alerts: AlertService }): Capability {
  /** Each gateway's HMS budget, kept across reconnects so a reconnect does not refill it. */
  const buckets = new Map<string, HmsBucket>();
  return {
    name: 'health',
    events: {
      [METHOD_HMS]: route(hmsEventSchema, async (gatewaySn, event) => {
        const { fits, bucket } = spendHmsBudget(buckets.get(gatewaySn), event.list.length, core.now());
        buckets.set(gatewaySn, bucket);
        // Answered like any other, so the gateway does not resend it; its items are not applied.
        if (!fits) return new DroppedMessage('hms_over_budget', { sn: gatewaySn, items: event.list.length }, RESULT.ok);
        const subs = [...(core.topology.gateway(gatewaySn)?.subs ?? [])];
        const devices = [gatewaySn, ...subs.filter(([, d]) => d.kind).map(([sn]) => sn)];
        const aircraft = subs.find(([, d]) => d.domain === 0)?.[0];
        const items: AttributedHms[] = event.list.map((item) => ({
          item,
          deviceSn: parseDeviceTypeKey(item.device_type)?.domain === 0 && aircraft ? aircraft : gatewaySn,
        }));
        await options.alerts.recordHms(gatewaySn, devices, items);
      }),
    },
  };
}
