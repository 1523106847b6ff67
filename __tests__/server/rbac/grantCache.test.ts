import { GrantCache, type SessionGrant } from '../../../server/rbac/grantCache';

const grant = (sessionId: string, expiresAt = '2099-01-01T00:00:00.000Z'): SessionGrant => ({
  userId: 1,
  username: 'u',
  sessionId,
  expiresAt,
  permissions: ['device:read'],
  dataScope: { scope: 'all', userId: 1, deptId: null, deptIds: [] },
});

describe('GrantCache', () => {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const clock = () => now;

  it('serves a grant until its term, the session expiry or a clear', () => {
    const cache = new GrantCache(() => true, 1000, clock);
    cache.set(grant('s1'), cache.reading());
    cache.set(grant('s2', '2030-01-01T00:00:00.500Z'), cache.reading());
    expect(cache.get('s1')?.sessionId).toBe('s1');
    now += 600;
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s1')?.sessionId).toBe('s1');
    now += 500;
    expect(cache.get('s1')).toBeUndefined();
    cache.set(grant('s1'), cache.reading());
    cache.clear();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not keep a grant read before a clear (it may predate the change)', () => {
    const cache = new GrantCache(() => true, 1000, clock);
    const since = cache.reading();
    cache.clear();
    cache.set(grant('s1'), since);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('serves and keeps nothing while changes could go unheard', () => {
    let trusted = false;
    const cache = new GrantCache(() => trusted, 1000, clock);
    cache.set(grant('s1'), cache.reading());
    trusted = true;
    expect(cache.get('s1')).toBeUndefined();
    cache.set(grant('s1'), cache.reading());
    trusted = false;
    expect(cache.get('s1')).toBeUndefined();
  });
});
