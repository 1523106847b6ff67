import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { reportInputSchema, type Report } from '@shared/entities/airspace';
import { idParams, registerCrud } from '../../api/crud';
import { DEVICE_NAME, PILOT_NAME, PROJECT_NAME } from '../../api/displayNames';
import { parseJson, toJsonText } from '../../db/json';
import type { FlightReportsTable } from '../../db/schema';
import { HttpError } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { RECORD_EXPORT_FORMATS } from '@shared/flight/exportFiles';
import { exportRecord } from '../../flightRecords/export';
import { defined, orderErrors } from '../fields';
import { checkPlanReportable, markPlanFlown } from './service';
import { COLLECTIONS } from '@shared/entities/collections';

/** The row as the API shows it; the display names (project_name, device_name, pilot_name) are joined in by the crud engine. */
export const reportToApi = (row: Selectable<FlightReportsTable>): Omit<Report, 'project_name' | 'device_name' | 'pilot_name'> => ({
  ...row,
  source: row.source === 'auto' ? 'auto' : 'manual',
  corrected: Boolean(row.corrected),
  track: parseJson(row.track, null),
  track_times: parseJson(row.track_times, null),
  samples: parseJson(row.samples, null),
});

/**
 * Flight reports: written automatically from telemetry (server/flightRecords) or typed in by hand. A hand-typed one
 * is source 'manual'; editing an automatic one keeps it 'auto' and marks it corrected. Recording one for an accepted
 * plan marks that plan flown.
 */
export default async function flightReportRoutes(appBase: FastifyInstance): Promise<void> {
  registerCrud(appBase, {
    entity: 'flight_report',
    ...COLLECTIONS.flightReport,
    tag: 'airspace',
    table: 'flight_reports',
    list: {
      table: 'flight_reports',
      search: [],
      order: ['id', 'takeoff_at', 'duration_s', 'distance_m', 'max_alt', 'created_at'],
      defaultOrder: '-takeoff_at',
      filters: { plan_id: 'int', device_id: 'int', project_id: 'int', task_id: 'int', source: 'string' },
      ranges: { takeoff: 'takeoff_at' },
    },
    input: reportInputSchema,
    refs: { plan_id: 'flight_plans', project_id: 'projects', device_id: 'devices' },
    check: (v) => orderErrors(v.takeoff_at, v.landing_at, 'takeoff_at', 'landing_at'),
    toRow: async (input, ctx, existing) => {
      await checkPlanReportable(ctx.db, input.plan_id);
      const row = defined({ ...input, track: toJsonText(input.track) });
      const takeoff = input.takeoff_at ?? existing?.takeoff_at;
      const landing = input.landing_at ?? existing?.landing_at;
      if (takeoff && landing) row.duration_s = Math.round((Date.parse(landing) - Date.parse(takeoff)) / 1000);
      // A redrawn track no longer matches the recorded times and chart samples.
      if (existing && input.track !== undefined) Object.assign(row, { track_times: null, samples: null });
      if (existing) return existing.source === 'auto' ? { ...row, corrected: 1 } : row;
      return { plan_id: null, project_id: null, track: null, ...row, source: 'manual' };
    },
    afterWrite: (ctx, _id, input) => markPlanFlown(ctx, input.plan_id),
    toApi: reportToApi,
    names: { ...DEVICE_NAME, ...PROJECT_NAME, ...PILOT_NAME },
  });

  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/Airspace/Report/:id/:format/',
    {
      schema: {
        tags: ['airspace'],
        summary: 'A flight record with its track as a file: GeoJSON, KML or CSV (one row per track position)',
        params: idParams.extend({ format: z.enum(RECORD_EXPORT_FORMATS) }),
      },
      preValidation: requirePermission(appBase, 'airspace:read'),
    },
    async (request, reply) => {
      const { id, format } = request.params;
      const row = await app.db
        .selectFrom('flight_reports')
        .leftJoin('devices', 'devices.id', 'flight_reports.device_id')
        .selectAll('flight_reports')
        .select('devices.name as device_name')
        .where('flight_reports.id', '=', id)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `Flight record ${id} not found`, undefined, { code: 'flight.not_found', params: { id } });
      const record = reportToApi(row);
      if (!record.track) throw new HttpError(409, `Flight record ${id} has no track to export`, undefined, { code: 'flight.no_track', params: { id } });
      const file = exportRecord({ ...record, track: record.track, device_name: row.device_name ?? `#${record.device_id}` }, format);
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );
}
