import { airsenseWarningSchema } from '@shared/dji/airsense';
import { alertingTraffic, METHOD_AIRSENSE_WARNING, TOPIC_AIRSENSE, type AirsenseTraffic } from '@shared/dji/airsenseTraffic';
import type { AlertService } from '../../../entities/alert/service';
import { route, type Capability } from '../registry';
import type { LinkCore } from './core';

/**
 * AirSense (`events` airsense_warning): the manned aircraft the gateway's drone hears go out on sysinfo/airsense
 * (scoped like the drone; the console draws them around it while they last) and those at warning level 3 and up
 * are alerts on the drone.
 */
export function airsenseCapability(core: LinkCore, options: { alerts: AlertService; publish(topic: string, payload: string): Promise<void> }): Capability {
  return {
    name: 'airsense',
    events: {
      [METHOD_AIRSENSE_WARNING]: route(airsenseWarningSchema, async (gatewaySn, traffic) => {
        const subs = [...(core.topology.gateway(gatewaySn)?.subs ?? [])];
        const sn = subs.find(([, d]) => d.domain === 0)?.[0] ?? gatewaySn;
        const report: AirsenseTraffic = { sn, gatewaySn, at: core.now(), traffic };
        await options.publish(TOPIC_AIRSENSE, JSON.stringify(report));
        await options.alerts.recordAirsense(sn, gatewaySn, alertingTraffic(traffic));
      }),
    },
  };
}
