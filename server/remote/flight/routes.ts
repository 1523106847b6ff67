import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flightViewSchema, flyToChangeSchema, flyToInputSchema, returnHomeInputSchema, takeoffInputSchema } from '@shared/dji/commandFlight';
import { flightRefusal } from '@shared/dji/remoteRules';
import { idParams } from '../../api/crud';
import { envelopeSchema, ok } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import {
  aircraftTarget,
  assertConfirmed,
  assertDestinationAllowed,
  auditedCommand,
  flightRefusalError,
  remoteOf,
  type AircraftTarget as Target,
  type FlightDestination,
} from '../commands';
import type { CommandFlights } from './service';

/**
 * Command flight (docs/remote.md): take-off to a point, fly to a point (change, stop) and return home of the aircraft
 * of a device (itself, or a gateway's aircraft), with device:operate; every command that moves it names the
 * confirmed aircraft (`confirm_sn`), is audited and answered once the device replied. `GET …/flight/` shows the progress.
 */
export default async function flightRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const canOperate = requirePermission(appBase, 'device:operate');

  const flightsOf = (): CommandFlights => remoteOf(appBase).flights;

  const targetOf = (request: FastifyRequest, id: number) => aircraftTarget(appBase, request, id);

  /** Runs a flight command on the device's aircraft: confirmed, allowed now and (with a destination) by the airspace rules, audited. */
  const command = async <T>(
    request: FastifyRequest,
    id: number,
    what: {
      method: string;
      rule: 'takeoff' | 'flyto' | 'return_home';
      params: Record<string, unknown> | null;
      confirmSn?: string;
      destination?: FlightDestination;
    },
    run: (flights: CommandFlights, target: Target) => Promise<T>,
  ): Promise<T> => {
    const target = await targetOf(request, id);
    assertConfirmed(what.confirmSn, target.aircraft.serial);
    return auditedCommand(db, request, target.aircraft.id, { method: what.method, params: what.params }, async () => {
      const flights = flightsOf();
      const refusal = flightRefusal(what.rule, target.facts);
      if (refusal) throw flightRefusalError(refusal, target.aircraft.serial, target.facts);
      if (what.destination) await assertDestinationAllowed(appBase, target, what.destination);
      request.log.info({ aircraft: target.aircraft.serial, gatewaySn: target.gatewaySn, method: what.method }, 'remote: command flight');
      return run(flights, target);
    });
  };

  const progressAnswer = flightViewSchema;
  const progressOf = ({ aircraft, gatewaySn }: Target) => ({ aircraft_sn: aircraft.serial, progress: appBase.remote?.flights.progressOf(gatewaySn) ?? null });

  app.get(
    '/Device/:id/flight/',
    {
      schema: {
        tags: ['remote'],
        summary: "The device's aircraft and its newest take-off or fly-to: status, remaining distance and time, planned path",
        params: idParams,
        response: { 200: envelopeSchema(progressAnswer) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => ok(progressOf(await targetOf(request, request.params.id))),
  );

  app.post(
    '/Device/:id/takeoff/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Take the aircraft off to a point (takeoff_to_point, after flight_authority_grab unless the platform holds it)',
        params: idParams,
        body: takeoffInputSchema,
        response: { 200: envelopeSchema(progressAnswer) },
      },
      preValidation: canOperate,
    },
    async (request) => {
      const { confirm_sn: confirmSn, ...params } = request.body;
      return ok(
        await command(
          request,
          request.params.id,
          { method: 'takeoff_to_point', rule: 'takeoff', params, confirmSn, destination: params },
          async (flights, target) => {
            await flights.takeoff(target.gatewaySn, request.body, target.controlSource);
            return progressOf(target);
          },
        ),
      );
    },
  );

  app.post(
    '/Device/:id/flyto/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Fly the aircraft to one point (fly_to_point, after flight_authority_grab unless the platform holds it)',
        params: idParams,
        body: flyToInputSchema,
        response: { 200: envelopeSchema(progressAnswer) },
      },
      preValidation: canOperate,
    },
    async (request) => {
      const { confirm_sn: confirmSn, ...params } = request.body;
      return ok(
        await command(
          request,
          request.params.id,
          { method: 'fly_to_point', rule: 'flyto', params, confirmSn, destination: params },
          async (flights, target) => {
            await flights.flyTo(target.gatewaySn, params, target.controlSource);
            return progressOf(target);
          },
        ),
      );
    },
  );

  app.patch(
    '/Device/:id/flyto/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Change the fly-to target or speed (fly_to_point_update)',
        params: idParams,
        body: flyToChangeSchema,
        response: { 200: envelopeSchema(progressAnswer) },
      },
      preValidation: canOperate,
    },
    async (request) =>
      ok(
        await command(
          request,
          request.params.id,
          { method: 'fly_to_point_update', rule: 'flyto', params: request.body, destination: request.body },
          async (flights, target) => {
            await flights.updateFlyTo(target.gatewaySn, request.body);
            return progressOf(target);
          },
        ),
      ),
  );

  app.delete(
    '/Device/:id/flyto/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Stop the fly-to (fly_to_point_stop): the aircraft hovers',
        params: idParams,
        response: { 200: envelopeSchema(progressAnswer) },
      },
      preValidation: canOperate,
    },
    async (request) =>
      ok(
        await command(request, request.params.id, { method: 'fly_to_point_stop', rule: 'flyto', params: null }, async (flights, target) => {
          await flights.stopFlyTo(target.gatewaySn);
          return progressOf(target);
        }),
      ),
  );

  app.post(
    '/Device/:id/return-home/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Send the aircraft home (return_home, after flight_authority_grab unless the platform holds it)',
        params: idParams,
        body: returnHomeInputSchema,
        response: { 200: envelopeSchema(progressAnswer) },
      },
      preValidation: canOperate,
    },
    async (request) =>
      ok(
        await command(
          request,
          request.params.id,
          { method: 'return_home', rule: 'return_home', params: null, confirmSn: request.body.confirm_sn },
          async (flights, target) => {
            await flights.returnHome(target.gatewaySn, target.controlSource);
            return progressOf(target);
          },
        ),
      ),
  );
}
