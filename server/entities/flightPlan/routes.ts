import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { planInputSchema } from '@shared/entities/airspace';
import { grants } from '@shared/permissions';
import { registerCrud } from '../../api/crud';
import { DEVICE_NAME, ROUTE_NAME } from '../../api/displayNames';
import { registerWorkflow } from '../../api/workflow';
import type { FlightPlansTable } from '../../db/schema';
import { allowedActions, PLAN_MACHINE } from '../../domain/stateMachines';
import { forbidden, HttpError, type Refusal } from '../../http/envelope';
import { defined } from '../fields';
import { assertDeconflicted, assertPlanRules, type PlanValue } from './rules';
import { COLLECTIONS } from '@shared/entities/collections';

const notFiled = (message: string, status: string): Refusal => ({ message, reason: { code: 'flight_plan.not_filed', params: { status } } });

/** A plan names its device and route. */
const PLAN_NAMES = { ...DEVICE_NAME, ...ROUTE_NAME };

export const planToApi = (row: Selectable<FlightPlansTable>) => ({ ...row, actions: allowedActions(PLAN_MACHINE, row.status) });

/** Whether this request may override a deconfliction conflict: only a reviewer, and only with a note saying why. */
function overrideGranted(request: FastifyRequest, override: boolean | undefined, note: string | null | undefined): boolean {
  if (!override) return false;
  if (!grants(request.permissions ?? [], 'airspace:approve')) throw forbidden('Only a reviewer (airspace:approve) can override a deconfliction conflict');
  if (!note?.trim())
    throw new HttpError(
      400,
      'Overriding a deconfliction conflict needs a note',
      [{ field: 'note', message: 'is required with override', code: 'airspace.override_needs_note' }],
      {
        code: 'airspace.override_needs_note',
      },
    );
  return true;
}

/**
 * Flight plans: CRUD while filed (each save checked against the application and deconflicted against accepted plans),
 * then accept (deconflicted again) / reject / end / cancel.
 */
export default async function flightPlanRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.airspace;
  registerCrud(app, {
    entity: 'flight_plan',
    ...COLLECTIONS.flightPlan,
    tag: 'airspace',
    table: 'flight_plans',
    list: {
      table: 'flight_plans',
      search: ['note'],
      order: ['id', 'planned_start_at', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { id: 'int', status: 'string', application_id: 'int', task_id: 'int', device_id: 'int' },
    },
    input: planInputSchema,
    refs: { application_id: 'airspace_applications', task_id: 'tasks', route_id: 'routes', device_id: 'devices' },
    guardUpdate: (row) => (row.status !== 'filed' ? notFiled(`Only a filed plan can be edited (this one is ${row.status})`, row.status) : null),
    guardDelete: (row) =>
      row.status !== 'filed' ? notFiled(`Only a filed plan can be deleted (this one is ${row.status}); cancel it instead`, row.status) : null,
    toRow: async ({ override, ...input }, ctx, existing) => {
      const merged = { ...existing, ...input } as PlanValue & { note?: string | null };
      const { volume, deviceId } = await assertPlanRules(ctx.db, merged, config);
      await assertDeconflicted(ctx.db, volume, existing?.id, config, overrideGranted(ctx.request, override, merged.note));
      const row = defined({ ...input, device_id: deviceId });
      return existing ? row : { task_id: null, route_id: null, note: null, status: PLAN_MACHINE.initial, ...row };
    },
    toApi: planToApi,
    names: PLAN_NAMES,
  });

  registerWorkflow(app, {
    entity: 'flight_plan',
    path: COLLECTIONS.flightPlan.path,
    tag: 'airspace',
    table: 'flight_plans',
    machine: PLAN_MACHINE,
    permission: (action) => (action === 'accept' || action === 'reject' ? 'airspace:approve' : 'airspace:write'),
    prepare: async (action, row, ctx) => {
      if (action !== 'accept') return {};
      // Accepted plans may have appeared since this one was filed: deconflict again at the moment it is accepted.
      const { volume } = await assertPlanRules(ctx.db, row, config);
      await assertDeconflicted(ctx.db, volume, row.id, config, overrideGranted(ctx.request, ctx.body.override, ctx.body.note));
      return {};
    },
    effects: (_action, body) => (body.note ? { note: body.note } : {}),
    toApi: planToApi,
    names: PLAN_NAMES,
  });
}
