import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../db/time';
import { badRequest, envelopeSchema, notFound, ok } from '../http/envelope';
import { issueThingCredentials } from '../mqtt/gateway/credentials';
import { grants, requirePermission } from '../rbac/permissions';
import { idParams } from './crud';
import { DAY_MS, daySchema, dayStartMs } from './list';

const countMap = (rows: { status: string; n: unknown }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));

export interface DjiConfigOptions {
  appId: string;
  appKey: string;
  appLicense: string;
  platformName: string;
  /** NTP server the devices synchronise with (answer to their `config` request). */
  ntpServerHost: string;
  /** Broker address the controller connects to; derived from the request host when unset. */
  mqttHost?: string;
  mqttUsername?: string;
  mqttPassword?: string;
}

export function readDjiConfig(env: NodeJS.ProcessEnv = process.env): DjiConfigOptions {
  return {
    appId: env.DJI_APP_ID ?? '100000',
    appKey: env.DJI_APP_KEY ?? 'demo-app-key',
    appLicense: env.DJI_APP_LICENSE ?? 'demo-app-license',
    platformName: env.PLATFORM_NAME ?? 'Skyline Ops',
    ntpServerHost: env.DJI_NTP_SERVER ?? 'pool.ntp.org',
    mqttHost: env.DJI_MQTT_HOST || undefined,
    mqttUsername: env.DJI_MQTT_USERNAME || undefined,
    mqttPassword: env.DJI_MQTT_PASSWORD || undefined,
  };
}

/** /chartinfo/, /djiconf/{id}/ and the notice read marks. */
export default async function platformRoutes(appBase: FastifyInstance, options: { dji: DjiConfigOptions }): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  app.get(
    '/chartinfo/',
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
      preValidation: requirePermission(appBase, 'stats:read'),
    },
    async (request) => {
      const q = request.query;
      const to = q.to ?? nowIso().slice(0, 10);
      const from = q.from ?? nowIso(dayStartMs(to) - 29 * DAY_MS).slice(0, 10);
      const fromMs = dayStartMs(from);
      const toMs = dayStartMs(to) + DAY_MS;
      if (toMs <= fromMs) throw badRequest('Invalid querystring: to must not be before from', [{ field: 'to', message: 'must not be before from' }]);
      if (toMs - fromMs > 366 * DAY_MS)
        throw badRequest('Invalid querystring: the range is at most 366 days', [{ field: 'to', message: 'range is at most 366 days' }]);
      const start = nowIso(fromMs);
      const end = nowIso(toMs);

      let reports = db.selectFrom('flight_reports').where('flight_reports.takeoff_at', '>=', start).where('flight_reports.takeoff_at', '<', end);
      if (q.device_id) reports = reports.where('flight_reports.device_id', '=', q.device_id);
      if (q.project_id) reports = reports.where('flight_reports.project_id', '=', q.project_id);
      const dayExpr = sql<string>`substr(${sql.ref('flight_reports.takeoff_at')}, 1, 10)`;

      let tasks = db.selectFrom('tasks').where('created_at', '>=', start).where('created_at', '<', end);
      if (q.device_id) tasks = tasks.where('device_id', '=', q.device_id);
      if (q.project_id) tasks = tasks.where('project_id', '=', q.project_id);
      let plans = db.selectFrom('flight_plans').where('planned_start_at', '>=', start).where('planned_start_at', '<', end);
      if (q.device_id) plans = plans.where('device_id', '=', q.device_id);
      let applications = db.selectFrom('airspace_applications').where('start_at', '>=', start).where('start_at', '<', end);
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
      let devices = db.selectFrom('devices');
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

  app.get(
    '/djiconf/:id/',
    {
      schema: {
        tags: ['controller'],
        summary: 'Controller (DJI Pilot / MSDK) configuration for the workspace of project {id}',
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              appId: z.string(),
              appKey: z.string(),
              appLicense: z.string(),
              platformName: z.string(),
              workspaceName: z.string(),
              workspaceId: z.string(),
              workspaceDesc: z.string(),
              mqttHost: z.string(),
              mqttUsername: z.string().nullable(),
              mqttPassword: z.string().nullable(),
            }),
          ),
        },
      },
      preValidation: requirePermission(appBase, null),
    },
    async (request) => {
      const project = await db.selectFrom('projects').select(['id', 'name', 'description']).where('id', '=', request.params.id).executeTakeFirst();
      if (!project) throw notFound(`No project with id ${request.params.id}`);
      const secure = request.protocol === 'https';
      // Pilot 2's thing link: credentials of this login session on the embedded broker, else the configured ones of an external broker.
      const pilot = appBase.mqtt?.mode === 'embedded' && request.auth && grants(request.permissions ?? [], 'device:pilot');
      const issued = pilot && request.auth ? await issueThingCredentials(db, request.auth) : null;
      const mqttHost = options.dji.mqttHost ?? `${secure ? 'wss' : 'ws'}://${request.host}/mqtt`;
      return ok({
        appId: options.dji.appId,
        appKey: options.dji.appKey,
        appLicense: options.dji.appLicense,
        platformName: options.dji.platformName,
        workspaceName: project.name,
        workspaceId: String(project.id),
        workspaceDesc: project.description ?? '',
        mqttHost,
        mqttUsername: issued?.username ?? options.dji.mqttUsername ?? null,
        mqttPassword: issued?.password ?? options.dji.mqttPassword ?? null,
      });
    },
  );

  const signedIn = requirePermission(appBase, null);
  app.get(
    '/Notice/unread/',
    {
      schema: {
        tags: ['notices'],
        summary: 'Unread published notices of the signed-in user (header bell)',
        response: { 200: envelopeSchema(z.object({ count: z.number() })) },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const row = await db
        .selectFrom('notices')
        .leftJoin('notice_reads', (join) => join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', request.auth!.userId))
        .where('notices.publish_at', '<=', nowIso())
        .where('notice_reads.notice_id', 'is', null)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return ok({ count: Number(row?.n ?? 0) });
    },
  );
  app.post(
    '/Notice/:id/read/',
    {
      schema: {
        tags: ['notices'],
        summary: 'Mark a notice read for the signed-in user (idempotent)',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
      preValidation: signedIn,
    },
    async (request) => {
      // Only published notices can be read (and counted unread); a scheduled one is not revealed by its id.
      const notice = await db.selectFrom('notices').select('id').where('id', '=', request.params.id).where('publish_at', '<=', nowIso()).executeTakeFirst();
      if (!notice) throw notFound(`No published notice with id ${request.params.id}`);
      await db
        .insertInto('notice_reads')
        .values({ notice_id: notice.id, user_id: request.auth!.userId, read_at: nowIso() })
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
      return ok(null, 'read');
    },
  );
  app.post(
    '/Notice/read-all/',
    {
      schema: { tags: ['notices'], summary: 'Mark every published notice read', response: { 200: envelopeSchema(z.object({ marked: z.number() })) } },
      preValidation: signedIn,
    },
    async (request) => {
      const userId = request.auth!.userId;
      const unread = await db
        .selectFrom('notices')
        .leftJoin('notice_reads', (join) => join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', userId))
        .where('notices.publish_at', '<=', nowIso())
        .where('notice_reads.notice_id', 'is', null)
        .select('notices.id')
        .execute();
      const now = nowIso();
      if (unread.length) {
        await db
          .insertInto('notice_reads')
          .values(unread.map((n) => ({ notice_id: n.id, user_id: userId, read_at: now })))
          .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
          .execute();
      }
      return ok({ marked: unread.length });
    },
  );
}
