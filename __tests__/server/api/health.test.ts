import { healthStatus } from '../../../server/api/health';

describe('healthStatus (what GET /api/health/ says of the instance)', () => {
  it.each([
    ['up', 'up', 'ok'],
    ['up', 'not_configured', 'ok'],
    ['up', 'down', 'degraded'],
    ['down', 'up', 'unavailable'],
    ['down', 'down', 'unavailable'],
    ['down', 'not_configured', 'unavailable'],
  ] as const)('database %s, redis %s: %s', (database, redis, status) => {
    expect(healthStatus(database, redis)).toBe(status);
  });
});
