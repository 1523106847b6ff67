import { METHOD_FLIGHT_AUTHORITY_GRAB } from '@shared/dji/commandFlight';
import {
  CLOUD_CONTROL_GRANTED,
  cloudControlAuthNotifySchema,
  drcStatusNotifySchema,
  joystickInvalidSchema,
  type DrcBroker,
  type DrcStatus,
} from '@shared/dji/drc';
import {
  CLOUD_CONTROL_KEYS,
  METHOD_CLOUD_CONTROL_AUTH_NOTIFY,
  METHOD_CLOUD_CONTROL_AUTH_REQUEST,
  METHOD_CLOUD_CONTROL_RELEASE,
  METHOD_DRC_MODE_ENTER,
  METHOD_DRC_MODE_EXIT,
  METHOD_DRC_STATUS_NOTIFY,
  METHOD_JOYSTICK_INVALID_NOTIFY,
} from '@shared/dji/drcMessages';
import { nowIso } from '../../db/time';
import { HttpError } from '../../http/envelope';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';
import { withFlightAuthority } from '../flight/service';

/** What drc_mode_enter carries: the device's broker credentials and how often it pushes OSD and HSI. */
type DrcEnterData = { mqtt_broker: DrcBroker; osd_frequency: number; hsi_frequency: number };

/** drc_status_notify's drc_state: 0 not connected, 1 connecting, 2 connected. */
export const DRC_STATE = { notConnected: 0, connecting: 1, connected: 2 } as const;

/**
 * Live flight controls, DRC (spec dji-cloud-api-next §4): `drc_mode_enter` (after `flight_authority_grab` unless the
 * aircraft's `control_source` shows the platform holds it) hands the gateway the broker credentials of its side of the
 * link, `drc_mode_exit` ends it; `drc_status_notify` and `joystick_invalid_notify` are kept per gateway (every
 * instance follows them). The controls themselves go between browser and device on drc/down and drc/up. A DJI Pilot 2
 * gateway (an RC) first asks its pilot (`cloud_control_auth_request`, answered on the RC by `cloud_control_auth_notify`)
 * and is released with `cloud_control_release`.
 */
export class DrcLinks {
  private readonly status = new Map<string, DrcStatus>();
  /** Per gateway, the request waiting for its pilot's answer (every instance hears the answer). */
  private readonly consents = new Map<string, (status: string) => void>();

  constructor(
    private readonly link: RemoteLink,
    private readonly options: { replyTimeoutMs: number; pilotConsentMs: number },
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
        [METHOD_CLOUD_CONTROL_AUTH_NOTIFY]: route(cloudControlAuthNotifySchema, (gatewaySn, data) => this.consents.get(gatewaySn)?.(data.output.status), {
          followed: true,
        }),
      },
      services: [METHOD_FLIGHT_AUTHORITY_GRAB, METHOD_DRC_MODE_ENTER, METHOD_DRC_MODE_EXIT, METHOD_CLOUD_CONTROL_AUTH_REQUEST, METHOD_CLOUD_CONTROL_RELEASE],
    });
  }

  /** The gateway's DRC link as last reported (or as entered / exited through this instance). */
  statusOf(gatewaySn: string): DrcStatus | null {
    return this.status.get(gatewaySn) ?? null;
  }

  /**
   * Asks the pilot of a DJI Pilot 2 gateway for flight control (`cloud_control_auth_request`, a pop-up on the RC) and
   * resolves once they agreed; 409 `remote.pilot_declined` when they refused, 504 `remote.pilot_no_answer` when they
   * did not answer within the consent time.
   */
  private async askPilot(gatewaySn: string, user: { id: number; callsign: string }): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<string>((resolve, reject) => {
      this.consents.set(gatewaySn, resolve);
      timer = setTimeout(
        () =>
          reject(
            new HttpError(504, 'The pilot did not answer the request for flight control on the remote controller', undefined, {
              code: 'remote.pilot_no_answer',
              params: { seconds: Math.round(this.options.pilotConsentMs / 1000) },
            }),
          ),
        this.options.pilotConsentMs,
      );
    });
    try {
      await this.send(gatewaySn, METHOD_CLOUD_CONTROL_AUTH_REQUEST, {
        user_id: String(user.id),
        user_callsign: user.callsign,
        control_keys: CLOUD_CONTROL_KEYS,
      });
      const status = await answered;
      if (status !== CLOUD_CONTROL_GRANTED)
        throw new HttpError(409, `The pilot did not give flight control on the remote controller (${status})`, undefined, {
          code: 'remote.pilot_declined',
          params: { status },
        });
    } finally {
      clearTimeout(timer);
      this.consents.delete(gatewaySn);
    }
  }

  /** cloud_control_release: hands flight control back to the pilot of a DJI Pilot 2 gateway. */
  private async releasePilot(gatewaySn: string): Promise<void> {
    await this.send(gatewaySn, METHOD_CLOUD_CONTROL_RELEASE, { control_keys: CLOUD_CONTROL_KEYS });
  }

  /** drc_mode_enter with the device's broker credentials and push frequencies; the link is then connecting. */
  async enter(gatewaySn: string, controlSource: unknown, data: DrcEnterData): Promise<void> {
    await withFlightAuthority((method, body) => this.send(gatewaySn, method, body), controlSource, METHOD_DRC_MODE_ENTER, data);
    this.connecting(gatewaySn);
  }

  /** Through DJI Pilot 2: its pilot agrees on the RC first (askPilot), then drc_mode_enter as for a dock. */
  async enterThroughPilot(gatewaySn: string, user: { id: number; callsign: string }, data: DrcEnterData): Promise<void> {
    await this.askPilot(gatewaySn, user);
    try {
      await this.send(gatewaySn, METHOD_DRC_MODE_ENTER, data);
    } catch (error) {
      await this.releasePilot(gatewaySn).catch(() => undefined);
      throw error;
    }
    this.connecting(gatewaySn);
  }

  /** drc_mode_exit (then, through DJI Pilot 2, cloud_control_release): the device leaves DRC (its broker credentials are revoked by the caller either way). */
  async exit(gatewaySn: string, throughPilot: boolean): Promise<void> {
    try {
      await this.send(gatewaySn, METHOD_DRC_MODE_EXIT, {});
    } finally {
      this.status.set(gatewaySn, { drc_state: DRC_STATE.notConnected, result: 0, joystick_invalid: null, updated_at: nowIso() });
      if (throughPilot) await this.releasePilot(gatewaySn);
    }
  }

  private connecting(gatewaySn: string) {
    this.status.set(gatewaySn, { drc_state: DRC_STATE.connecting, result: 0, joystick_invalid: null, updated_at: nowIso() });
  }

  private send(gatewaySn: string, method: string, data: Record<string, unknown>) {
    return this.link.sendService(gatewaySn, method, data, { timeoutMs: this.options.replyTimeoutMs });
  }
}
