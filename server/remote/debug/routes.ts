import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceModelName } from '@shared/dji/devices';
import type { DjiLive } from '@shared/dji/live';
import {
  DEBUG_METHOD_NAMES,
  DEBUG_METHODS,
  debugCommandSchema,
  debugJobSchema,
  debugServiceData,
  debugViewSchema,
  type DebugMethodName,
} from '@shared/dji/remoteDebug';
import { debugRefusal, type DockFacts, type RemoteRefusal } from '@shared/dji/remoteRules';
import { findScopedRow, idParams } from '../../api/crud';
import type { Selectable } from 'kysely';
import type { DevicesTable } from '../../db/schema';
import { badRequest, envelopeSchema, HttpError, ok, rowNotFound } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { auditedCommand, remoteOf } from '../commands';
import type { DockDebug } from './service';

type Device = Selectable<DevicesTable>;

/**
 * A dock's remote debugging (docs/remote.md): its debugging view (live state, newest job, which services may be sent)
 * with device:read, and `POST /Device/{id}/debug/` `{method, action?}` with device:operate, audited and answered with
 * the dock's reply.
 */
export default async function debugRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  const debugOf = (): DockDebug => remoteOf(appBase).debug;

  const deviceOf = async (request: FastifyRequest, id: number): Promise<Device> => {
    const device = await findScopedRow(db, 'devices', id, request);
    if (!device) throw rowNotFound('device', id);
    return device;
  };

  /** What the rules read of a dock, and its live state. */
  const factsOf = async (device: Device): Promise<{ facts: DockFacts; live: DjiLive | undefined }> => {
    const gateway = appBase.mqtt?.gateway;
    const live = await gateway?.currentLive(device.serial);
    return {
      facts: {
        kind: device.kind,
        djiType: device.dji_type,
        online: gateway?.gatewayFor(device.serial) === device.serial,
        modeCode: live?.modeCode,
      },
      live,
    };
  };

  const refusalError = (refusal: RemoteRefusal, method: DebugMethodName, device: Device, facts: DockFacts): HttpError => {
    switch (refusal) {
      case 'not_a_dock':
        return badRequest('Only docks have remote debugging', [{ field: 'id', message: 'is not a dock', code: 'device.not_a_dock' }], {
          code: 'device.not_a_dock',
        });
      case 'offline':
        return new HttpError(409, `${device.serial} is offline`, undefined, { code: 'remote.device_offline', params: { sn: device.serial } });
      case 'not_supported': {
        const model = deviceModelName(3, device.dji_type ?? 0, device.dji_sub_type ?? 0);
        return new HttpError(409, `${model} has no ${method}`, undefined, { code: 'remote.not_supported', params: { method, model } });
      }
      case 'not_in_debug_mode':
        return new HttpError(409, `The dock is not in remote debugging (mode ${facts.modeCode ?? 'unknown'}): send debug_mode_open first`, undefined, {
          code: 'remote.not_in_debug_mode',
          params: { mode: facts.modeCode ?? -1 },
        });
    }
  };

  app.get(
    '/Device/:id/debug/',
    {
      schema: {
        tags: ['remote'],
        summary: "A dock's remote debugging: its live state and mode, its newest job's progress, and which services may be sent now",
        params: idParams,
        response: { 200: envelopeSchema(debugViewSchema) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => {
      const device = await deviceOf(request, request.params.id);
      const { facts, live } = await factsOf(device);
      return ok({
        online: facts.online,
        mode_code: facts.modeCode ?? null,
        live: live ?? null,
        job: appBase.remote?.debug.job(device.serial) ?? null,
        methods: DEBUG_METHOD_NAMES.map((method) => ({ method, job: DEBUG_METHODS[method].job, refusal: debugRefusal(method, facts) })).filter(
          (entry) => entry.refusal !== 'not_supported',
        ),
      });
    },
  );

  app.post(
    '/Device/:id/debug/',
    {
      schema: {
        tags: ['remote'],
        summary: "Send one of the dock's debug services (debug_mode_open first); answers with the dock's reply, progress follows in GET",
        params: idParams,
        body: debugCommandSchema,
        response: { 200: envelopeSchema(debugJobSchema) },
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const device = await deviceOf(request, request.params.id);
      const command = request.body;
      return ok(
        await auditedCommand(db, request, device.id, { method: command.method, params: debugServiceData(command) }, async () => {
          const debug = debugOf();
          const { facts } = await factsOf(device);
          const refusal = debugRefusal(command.method, facts);
          if (refusal) throw refusalError(refusal, command.method, device, facts);
          request.log.info({ device: device.serial, method: command.method }, 'remote: debug service');
          return debug.send(device.serial, command);
        }),
      );
    },
  );
}
