import { METHOD_FLIGHT_AUTHORITY_GRAB } from '@shared/dji/commandFlight';
import { drcStatusNotifySchema, joystickInvalidSchema, type DrcBroker, type DrcStatus } from '@shared/dji/drc';
import { METHOD_DRC_MODE_ENTER, METHOD_DRC_MODE_EXIT, METHOD_DRC_STATUS_NOTIFY, METHOD_JOYSTICK_INVALID_NOTIFY } from '@shared/dji/drcMessages';
import { nowIso } from '../../db/time';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';
import { withFlightAuthority } from '../flight/service';

/** drc_status_notify's drc_state: 0 not connected, 1 connecting, 2 connected. */
export const DRC_STATE = { notConnected: 0, connecting: 1, connected: 2 } as const;

/**
 * Live flight controls, DRC (spec dji-cloud-api-next §4): `drc_mode_enter` (after `flight_authority_grab` unless the
 * aircraft's `control_source` shows the platform holds it) hands the gateway the broker credentials of its side of the
 * link, `drc_mode_exit` ends it; `drc_status_notify` and `joystick_invalid_notify` are kept per gateway (every
 * instance follows them). The controls themselves go between browser and device on drc/down and drc/up.
 */
export class DrcLinks {
  private readonly status = new Map<string, DrcStatus>();

  constructor(
    private readonly link: RemoteLink,
    private readonly options: { replyTimeoutMs: number },
  ) {
    link.register({
      name: 'remote.drc',
      events: {
        [METHOD_DRC_STATUS_NOTIFY]: route(
          drcStatusNotifySchema,
          (gatewaySn, data) => {
            const previous = this.status.get(gatewaySn);
            // A (re)connection clears the last joystick refusal.
            const joystick =
              data.drc_state === DRC_STATE.connected && previous?.drc_state !== DRC_STATE.connected ? null : (previous?.joystick_invalid ?? null);
            this.status.set(gatewaySn, { drc_state: data.drc_state, result: data.result, joystick_invalid: joystick, updated_at: nowIso() });
          },
          { followed: true },
        ),
        [METHOD_JOYSTICK_INVALID_NOTIFY]: route(
          joystickInvalidSchema,
          (gatewaySn, data) => {
            const previous = this.status.get(gatewaySn) ?? { drc_state: DRC_STATE.connected, result: 0, joystick_invalid: null, updated_at: nowIso() };
            this.status.set(gatewaySn, { ...previous, joystick_invalid: data.reason, updated_at: nowIso() });
          },
          { followed: true },
        ),
      },
      services: [METHOD_FLIGHT_AUTHORITY_GRAB, METHOD_DRC_MODE_ENTER, METHOD_DRC_MODE_EXIT],
    });
  }

  /** The gateway's DRC link as last reported (or as entered / exited through this instance). */
  statusOf(gatewaySn: string): DrcStatus | null {
    return this.status.get(gatewaySn) ?? null;
  }

  /** drc_mode_enter with the device's broker credentials and push frequencies; the link is then connecting. */
  async enter(gatewaySn: string, controlSource: unknown, data: { mqtt_broker: DrcBroker; osd_frequency: number; hsi_frequency: number }): Promise<void> {
    await withFlightAuthority((method, body) => this.send(gatewaySn, method, body), controlSource, METHOD_DRC_MODE_ENTER, data);
    this.status.set(gatewaySn, { drc_state: DRC_STATE.connecting, result: 0, joystick_invalid: null, updated_at: nowIso() });
  }

  /** drc_mode_exit: the device leaves DRC (its broker credentials are revoked by the caller either way). */
  async exit(gatewaySn: string): Promise<void> {
    try {
      await this.send(gatewaySn, METHOD_DRC_MODE_EXIT, {});
    } finally {
      this.status.set(gatewaySn, { drc_state: DRC_STATE.notConnected, result: 0, joystick_invalid: null, updated_at: nowIso() });
    }
  }

  private send(gatewaySn: string, method: string, data: Record<string, unknown>) {
    return this.link.sendService(gatewaySn, method, data, { timeoutMs: this.options.replyTimeoutMs });
  }
}
