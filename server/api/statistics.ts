import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../db/time';
import { envelopeSchema, invalidInput, ok } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';
import { DAY_MS, daySchema, dayStartMs } from './list';
import { VIEWS } from '@shared/entities/collections';

/** The longest statistics range: a year, leap day included. */
const MAX_RANGE_DAYS = 366;

const countMap = (rows: { status: string; n: unknown }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));

/** GET /chartinfo/: flight statistics for the reports screen's charts. */
export default async function statisticsRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  app.get(
    VIEWS.chartinfo.path,
    {
      schema: {
        tags: ['statistics'],
        summary: 'Flight statistics over a date range (UTC days, inclusive; default the last 30 days)',
        querystring: z.object({
          from: daySchema.optional(),
          to: daySchema.optional(),
          device_id: z.coerce.number().int().positive().optional(),
          project_id: z.coerce.number().int().positive().optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              from: z.string(),
              to: z.string(),
              flightsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
              hoursPerDevice: z.array(z.object({ deviceId: z.number(), name: z.string(), hours: z.number() })),
              statusCounts: z.object({
                tasks: z.record(z.string(), z.number()),
                plans: z.record(z.string(), z.number()),
                applications: z.record(z.string(), z.number()),
                devices: z.record(z.string(), z.number()),
              }),
              totals: z.object({ flights: z.number(), hours: z.number(), distanceKm: z.number() }),
            }),
          ),
        },
      },
      preValidation: requirePermission(appBase, VIEWS.chartinfo.read),
    },
    async (request) => {
      const q = request.query;
      const to = q.to ?? nowIso().slice(0, 10);
      const from = q.from ?? nowIso(dayStartMs(to) - 29 * DAY_MS).slice(0, 10);
      const fromMs = dayStartMs(from);
      const toMs = dayStartMs(to) + DAY_MS;
      if (toMs <= fromMs)
        throw invalidInput('querystring', [{ field: 'to', message: 'must not be before from', code: 'field.before', params: { other: 'from' } }]);
      if (toMs - fromMs > MAX_RANGE_DAYS * DAY_MS)
        throw invalidInput('querystring', [
          { field: 'to', message: `range is at most ${MAX_RANGE_DAYS} days`, code: 'field.range_too_long', params: { max_days: MAX_RANGE_DAYS } },
        ]);
      const start = nowIso(fromMs);
      const end = nowIso(toMs);

      // Everything counted is narrowed to the caller's data scope first.
      const rule = scopeOf(request);
      let reports = withDataScope(db.selectFrom('flight_reports'), 'flight_reports', rule)
        .where('flight_reports.takeoff_at', '>=', start)
        .where('flight_reports.takeoff_at', '<', end);
      if (q.device_id) reports = reports.where('flight_reports.device_id', '=', q.device_id);
      if (q.project_id) reports = reports.where('flight_reports.project_id', '=', q.project_id);
      const dayExpr = sql<string>`substr(${sql.ref('flight_reports.takeoff_at')}, 1, 10)`;

      let tasks = withDataScope(db.selectFrom('tasks'), 'tasks', rule).where('created_at', '>=', start).where('created_at', '<', end);
      if (q.device_id) tasks = tasks.where('device_id', '=', q.device_id);
      if (q.project_id) tasks = tasks.where('project_id', '=', q.project_id);
      let plans = withDataScope(db.selectFrom('flight_plans'), 'flight_plans', rule).where('planned_start_at', '>=', start).where('planned_start_at', '<', end);
      if (q.device_id) plans = plans.where('device_id', '=', q.device_id);
      let applications = withDataScope(db.selectFrom('airspace_applications'), 'airspace_applications', rule)
        .where('start_at', '>=', start)
        .where('start_at', '<', end);
      if (q.device_id) applications = applications.where('device_id', '=', q.device_id);
      if (q.project_id) {
        // A plan belongs to the project of its task or route; an application to the projects its plans fly for.
        const projectId = q.project_id;
        const projectPlans = db
          .selectFrom('flight_plans')
          .select('flight_plans.id')
          .where((eb) =>
            eb.or([
              eb('flight_plans.task_id', 'in', eb.selectFrom('tasks').select('tasks.id').where('tasks.project_id', '=', projectId)),
              eb('flight_plans.route_id', 'in', eb.selectFrom('routes').select('routes.id').where('routes.project_id', '=', projectId)),
            ]),
          );
        plans = plans.where('flight_plans.id', 'in', projectPlans);
        applications = applications.where(
          'airspace_applications.id',
          'in',
          db.selectFrom('flight_plans').select('flight_plans.application_id').where('flight_plans.id', 'in', projectPlans),
        );
      }
      let devices = withDataScope(db.selectFrom('devices'), 'devices', rule);
      if (q.device_id) devices = devices.where('id', '=', q.device_id);

      const [perDay, perDevice, totals, taskCounts, planCounts, applicationCounts, deviceCounts] = await Promise.all([
        reports
          .select([dayExpr.as('date'), (eb) => eb.fn.countAll().as('n')])
          .groupBy(dayExpr)
          .execute(),
        reports
          .innerJoin('devices', 'devices.id', 'flight_reports.device_id')
          .select(['devices.id as deviceId', 'devices.name as name', (eb) => eb.fn.sum<number>('flight_reports.duration_s').as('seconds')])
          .groupBy(['devices.id', 'devices.name'])
          .orderBy('seconds', 'desc')
          .execute(),
        reports
          .select([
            (eb) => eb.fn.countAll().as('n'),
            (eb) => eb.fn.sum<number>('flight_reports.duration_s').as('s'),
            (eb) => eb.fn.sum<number>('flight_reports.distance_m').as('m'),
          ])
          .executeTakeFirst(),
        tasks
          .select(['status', (eb) => eb.fn.countAll().as('n')])
          .groupBy('status')
          .execute(),
        plans
          .select(['status', (eb) => eb.fn.countAll().as('n')])
          .groupBy('status')
          .execute(),
        applications
          .select(['status', (eb) => eb.fn.countAll().as('n')])
          .groupBy('status')
          .execute(),
        devices
          .select(['status', (eb) => eb.fn.countAll().as('n')])
          .groupBy('status')
          .execute(),
      ]);
      const byDay = new Map(perDay.map((r) => [r.date, Number(r.n)]));
      const flightsPerDay: { date: string; count: number }[] = [];
      for (let t = fromMs; t < toMs; t += DAY_MS) {
        const date = nowIso(t).slice(0, 10);
        flightsPerDay.push({ date, count: byDay.get(date) ?? 0 });
      }
      const round2 = (n: number) => Math.round(n * 100) / 100;
      return ok({
        from,
        to,
        flightsPerDay,
        hoursPerDevice: perDevice.map((r) => ({ deviceId: Number(r.deviceId), name: r.name, hours: round2(Number(r.seconds ?? 0) / 3600) })),
        statusCounts: { tasks: countMap(taskCounts), plans: countMap(planCounts), applications: countMap(applicationCounts), devices: countMap(deviceCounts) },
        totals: { flights: Number(totals?.n ?? 0), hours: round2(Number(totals?.s ?? 0) / 3600), distanceKm: round2(Number(totals?.m ?? 0) / 1000) },
      });
    },
  );
}
