import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { planInputSchema } from '@shared/entities/airspace';
import { registerCrud } from '../../api/crud';
import { DEVICE_NAME, ROUTE_NAME } from '../../api/displayNames';
import { registerWorkflow } from '../../api/workflow';
import type { Database, FlightPlansTable } from '../../db/schema';
import { allowedActions, PLAN_MACHINE } from '../../domain/stateMachines';
import { conflict } from '../../http/envelope';
import { defined, orderErrors } from '../fields';

/** A plan names its device and route. */
const PLAN_NAMES = { ...DEVICE_NAME, ...ROUTE_NAME };

export const planToApi = (row: Selectable<FlightPlansTable>) => ({ ...row, actions: allowedActions(PLAN_MACHINE, row.status) });

/** 409 unless the application a plan is filed against has been approved. */
async function checkApplicationApproved(db: Kysely<Database>, applicationId: number | undefined): Promise<void> {
  if (applicationId === undefined) return;
  const application = await db.selectFrom('airspace_applications').select('status').where('id', '=', applicationId).executeTakeFirst();
  if (application && application.status !== 'approved')
    throw conflict(`A flight plan needs an approved airspace application (application ${applicationId} is ${application.status})`);
}

/** Flight plans: CRUD while filed, then accept/reject/fly/cancel. */
export default async function flightPlanRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'flight_plan',
    path: '/Airspace/Plan/',
    tag: 'airspace',
    table: 'flight_plans',
    read: 'airspace:read',
    write: 'airspace:write',
    list: {
      table: 'flight_plans',
      search: ['note'],
      order: ['id', 'planned_start_at', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', application_id: 'int', task_id: 'int', device_id: 'int' },
    },
    input: planInputSchema,
    refs: { application_id: 'airspace_applications', task_id: 'tasks', route_id: 'routes', device_id: 'devices' },
    check: (v) => orderErrors(v.planned_start_at, v.planned_end_at, 'planned_end_at', 'must be after planned_start_at'),
    guardUpdate: (row) => (row.status !== 'filed' ? `Only a filed plan can be edited (this one is ${row.status})` : null),
    guardDelete: (row) => (row.status !== 'filed' ? `Only a filed plan can be deleted (this one is ${row.status}); cancel it instead` : null),
    toRow: async (input, ctx, existing) => {
      await checkApplicationApproved(ctx.db, input.application_id);
      return existing ? defined(input) : { task_id: null, route_id: null, device_id: null, note: null, status: PLAN_MACHINE.initial, ...defined(input) };
    },
    toApi: planToApi,
    names: PLAN_NAMES,
  });

  registerWorkflow(app, {
    entity: 'flight_plan',
    path: '/Airspace/Plan/',
    tag: 'airspace',
    table: 'flight_plans',
    machine: PLAN_MACHINE,
    permission: (action) => (action === 'accept' || action === 'reject' ? 'airspace:approve' : 'airspace:write'),
    effects: (_action, body) => (body.note ? { note: body.note } : {}),
    toApi: planToApi,
    names: PLAN_NAMES,
  });
}
