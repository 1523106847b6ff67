import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RedisWatch } from '../redis/watch';

/** What GET /api/health/ reports of each backend this instance depends on. */
export interface HealthReport {
  /** ok: everything answers; degraded: serving without Redis (per-instance live channel and limits); unavailable: no database. */
  status: 'ok' | 'degraded' | 'unavailable';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'not_configured';
}

/** The instance's state from its backends' (pure). */
export function healthStatus(database: HealthReport['database'], redis: HealthReport['redis']): HealthReport['status'] {
  if (database === 'down') return 'unavailable';
  return redis === 'down' ? 'degraded' : 'ok';
}

/**
 * GET /api/health/: public and cheap, for load balancers and operators. 200 while the instance serves (degraded
 * included), 503 when its database does not answer. Names no host, version or secret.
 */
export default async function healthRoutes(app: FastifyInstance, options: { redis?: RedisWatch }): Promise<void> {
  app.get('/health/', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      sql`select 1`
        .execute(app.db)
        .then(() => 'up' as const)
        .catch(() => 'down' as const),
      options.redis ? options.redis.check() : ('not_configured' as const),
    ]);
    const report: HealthReport = { status: healthStatus(database, redis), database, redis };
    const code = report.status === 'unavailable' ? 503 : 200;
    return reply.code(code).send({ code, msg: report.status, data: report });
  });
}
