import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { reportInputSchema } from '@shared/entities/airspace';
import { registerCrud } from '../../api/crud';
import { DEVICE_NAME, PROJECT_NAME } from '../../api/displayNames';
import { parseJson, toJsonText } from '../../db/json';
import type { FlightReportsTable } from '../../db/schema';
import { defined, orderErrors } from '../fields';
import { checkPlanReportable, markPlanFlown } from './service';

export const reportToApi = (row: Selectable<FlightReportsTable>) => ({ ...row, track: parseJson(row.track, null) });

/** Flight reports; recording one for an accepted plan marks that plan flown. */
export default async function flightReportRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'flight_report',
    path: '/Airspace/Report/',
    tag: 'airspace',
    table: 'flight_reports',
    read: 'airspace:read',
    write: 'airspace:write',
    list: {
      table: 'flight_reports',
      search: [],
      order: ['id', 'takeoff_at', 'duration_s', 'distance_m', 'max_alt', 'created_at'],
      defaultOrder: '-takeoff_at',
      filters: { plan_id: 'int', device_id: 'int', project_id: 'int' },
      ranges: { takeoff: 'takeoff_at' },
    },
    input: reportInputSchema,
    refs: { plan_id: 'flight_plans', project_id: 'projects', device_id: 'devices' },
    check: (v) => orderErrors(v.takeoff_at, v.landing_at, 'landing_at', 'must be after takeoff_at'),
    toRow: async (input, ctx, existing) => {
      await checkPlanReportable(ctx.db, input.plan_id);
      const row = defined({ ...input, track: toJsonText(input.track) });
      const takeoff = input.takeoff_at ?? existing?.takeoff_at;
      const landing = input.landing_at ?? existing?.landing_at;
      if (takeoff && landing) row.duration_s = Math.round((Date.parse(landing) - Date.parse(takeoff)) / 1000);
      return existing ? row : { plan_id: null, project_id: null, track: null, ...row };
    },
    afterWrite: (ctx, _id, input) => markPlanFlown(ctx.db, input.plan_id, ctx.now),
    toApi: reportToApi,
    names: { ...DEVICE_NAME, ...PROJECT_NAME },
  });
}
