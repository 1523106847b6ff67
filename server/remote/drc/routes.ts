import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { drcEnterInputSchema, drcSessionSchema, drcViewSchema, type DrcBroker, type DrcView } from '@shared/dji/drc';
import { drcDownTopic, drcUpTopic, METHOD_DRC_MODE_ENTER, METHOD_DRC_MODE_EXIT } from '@shared/dji/drcMessages';
import { flightRefusal } from '@shared/dji/remoteRules';
import { idParams } from '../../api/crud';
import { envelopeSchema, HttpError, ok } from '../../http/envelope';
import { publicBaseUrl } from '../../http/publicUrl';
import { issueDrcCredentials, liveDrcUsernames, revokeDrcCredentials, type DrcGrant } from '../../mqtt/drcCredentials';
import { requirePermission } from '../../rbac/permissions';
import { aircraftTarget, assertConfirmed, auditedCommand, flightRefusalError, remoteOf, type AircraftTarget } from '../commands';

/**
 * Live flight controls (docs/remote.md "Live flight controls"): `POST /Device/{id}/drc/` enters DRC on the device's
 * aircraft (device:operate, in scope, confirmed, in the air, through a dock) with broker credentials for this browser
 * session and for the dock, each allowed only its side of that dock's drc/down and drc/up; `DELETE` exits and revokes
 * them; `GET` shows the link's state. Every command is audited.
 */
export default async function drcRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const canOperate = requirePermission(appBase, 'device:operate');
  const { wsPath } = appBase.config.mqtt;
  const configuredHost = appBase.config.dji.mqttHost;

  /**
   * The aircraft, which must fly through a dock or a DJI Pilot 2 remote controller (whose pilot is asked first), and
   * which of the two its gateway is.
   */
  const targetOf = async (request: FastifyRequest, id: number): Promise<AircraftTarget & { throughPilot: boolean }> => {
    const target = await aircraftTarget(appBase, request, id);
    const gateway = await db
      .selectFrom('devices')
      .select('kind')
      .where('serial', '=', target.aircraft.gateway_sn ?? '')
      .executeTakeFirst();
    if (gateway?.kind !== 'dock' && gateway?.kind !== 'remote_controller')
      throw new HttpError(409, `${target.aircraft.model} takes no live flight controls from the platform`, undefined, {
        code: 'remote.not_supported',
        params: { method: METHOD_DRC_MODE_ENTER, model: target.aircraft.model },
      });
    return { ...target, throughPilot: gateway.kind === 'remote_controller' };
  };

  const viewOf = ({ aircraft, gatewaySn }: AircraftTarget): DrcView => ({
    aircraft_sn: aircraft.serial,
    gateway_sn: gatewaySn,
    status: appBase.remote?.drc.statusOf(gatewaySn) ?? null,
  });

  /** The broker as one side reaches it: DJI_MQTT_HOST, else this server's /mqtt (as the browser called it, or PUBLIC_URL for the dock). */
  const brokerFor = (grant: DrcGrant, address: string): DrcBroker => ({
    address,
    client_id: grant.clientId,
    username: grant.username,
    password: grant.password,
    expire_time: grant.expiresAt / 1000,
    enable_tls: /^(wss|mqtts|ssl):/.test(address),
  });

  /** Closes this instance's embedded connections of revoked credentials at once (other instances at their next check). */
  const closeRevoked = async () => {
    await appBase.mqtt?.broker?.closeRevokedDrc((usernames) => liveDrcUsernames(db, usernames));
  };

  const revoke = async (gatewaySn: string) => {
    const usernames = await revokeDrcCredentials(db, gatewaySn);
    await appBase.mqtt?.credentials?.revokeDrc(usernames);
    await closeRevoked();
  };

  app.get(
    '/Device/:id/drc/',
    {
      schema: {
        tags: ['remote'],
        summary: "The device's aircraft, its dock and the state of their DRC link (drc_status_notify, joystick_invalid_notify)",
        params: idParams,
        response: { 200: envelopeSchema(drcViewSchema) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => ok(viewOf(await targetOf(request, request.params.id))),
  );

  app.post(
    '/Device/:id/drc/',
    {
      schema: {
        tags: ['remote'],
        summary:
          'Enter live flight controls (drc_mode_enter, after flight_authority_grab unless the platform holds it): broker credentials for this session that publish drc/down and read drc/up of this dock only',
        params: idParams,
        body: drcEnterInputSchema,
        response: { 200: envelopeSchema(drcSessionSchema) },
      },
      preValidation: canOperate,
    },
    async (request) => {
      const { confirm_sn: confirmSn, ...frequencies } = request.body;
      const target = await targetOf(request, request.params.id);
      assertConfirmed(confirmSn, target.aircraft.serial);
      const answer = await auditedCommand(db, request, target.aircraft.id, { method: METHOD_DRC_MODE_ENTER, params: frequencies }, async () => {
        const remote = remoteOf(appBase);
        const mqtt = appBase.mqtt;
        if (mqtt?.mode === 'external' && !mqtt.credentials)
          throw new HttpError(409, 'Live flight controls need the embedded broker or Mosquitto with dynamic security (MQTT_DYNSEC=1)', undefined, {
            code: 'remote.drc_unavailable',
          });
        const refusal = flightRefusal('flyto', target.facts);
        if (refusal) throw flightRefusalError(refusal, target.aircraft.serial, target.facts);
        const auth = request.auth!;
        const { gatewaySn } = target;
        const issued = await issueDrcCredentials(
          db,
          { gatewaySn, deviceId: target.aircraft.id, userId: auth.userId, sessionId: auth.sessionId },
          appBase.config.remote.drcTtlSeconds,
        );
        await mqtt?.credentials?.issueDrc([issued.browser, issued.device], issued.replaced);
        // Another session's link to this dock ends here.
        await closeRevoked();
        const browserAddress = configuredHost ?? `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}${wsPath}`;
        const deviceAddress = configuredHost ?? publicBaseUrl(appBase).replace(/^http/, 'ws').replace(/\/$/, '') + wsPath;
        try {
          const data = { mqtt_broker: brokerFor(issued.device, deviceAddress), ...frequencies };
          if (target.throughPilot) await remote.drc.enterThroughPilot(gatewaySn, { id: auth.userId, callsign: auth.username }, data);
          else await remote.drc.enter(gatewaySn, target.controlSource, data);
        } catch (error) {
          await revoke(gatewaySn);
          throw error;
        }
        request.log.info({ aircraft: target.aircraft.serial, gatewaySn }, 'remote: DRC entered');
        return { ...viewOf(target), mqtt_broker: brokerFor(issued.browser, browserAddress), pub: [drcDownTopic(gatewaySn)], sub: [drcUpTopic(gatewaySn)] };
      });
      return ok(answer);
    },
  );

  app.delete(
    '/Device/:id/drc/',
    {
      schema: {
        tags: ['remote'],
        summary: "Exit live flight controls (drc_mode_exit); the link's broker credentials are revoked",
        params: idParams,
        response: { 200: envelopeSchema(drcViewSchema) },
      },
      preValidation: canOperate,
    },
    async (request) => {
      const target = await targetOf(request, request.params.id);
      await auditedCommand(db, request, target.aircraft.id, { method: METHOD_DRC_MODE_EXIT, params: null }, async () => {
        const remote = remoteOf(appBase);
        try {
          await remote.drc.exit(target.gatewaySn, target.throughPilot);
        } finally {
          await revoke(target.gatewaySn);
        }
      });
      return ok(viewOf(target));
    },
  );
}
