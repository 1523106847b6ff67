import { COLLECTIONS, VIEWS, type Collection } from '@shared/entities/collections';
import { PERMISSION_CODES } from '@shared/permissions';
import { useTestApi } from './testApi';

/**
 * The shared catalogue of collections (issue 34: who reads or writes a collection is stated once) is what the server
 * checks: a user holding exactly a collection's read permission lists it, one holding every other permission but
 * that one is refused; a collection any signed-in user reads is listed by a user with no permission at all; a
 * collection that takes new rows refuses them from a user holding every permission but its write one.
 */
describe('the shared catalogue of collections is what the API checks', () => {
  const api = useTestApi('sqlite', { demoSeed: false });
  const entries: [string, Pick<Collection, 'path' | 'read'> & { write?: Collection['write'] }][] = [...Object.entries(COLLECTIONS), ...Object.entries(VIEWS)];
  let roleId: number;

  // One user whose one role (data scope all) is given each permission set in turn: a grant change takes effect at once.
  beforeAll(async () => {
    const role = await api.call('POST', '/api/Role/', 'admin', { code: 'probe', name: 'probe', permissions: [], data_scope: 'all' });
    expect(role.status).toBe(200);
    roleId = role.body.data.id;
    const password = 'probe-Pass-1';
    expect((await api.call('POST', '/api/User/', 'admin', { username: 'probe', name: 'probe', password, role_ids: [roleId] })).status).toBe(200);
    api.tokens.probe = (await api.login('probe', password)).body.data.token;
  });

  /** The probe user, now holding exactly `permissions`. */
  async function userHolding(permissions: string[]): Promise<string> {
    expect((await api.call('PATCH', `/api/Role/${roleId}/`, 'admin', { permissions })).status).toBe(200);
    return 'probe';
  }

  it.each(entries)('%s (%s)', async (_name, { path, read, write }) => {
    const codes: string[] = PERMISSION_CODES;
    if (read === null) {
      expect((await api.call('GET', `/api${path}`, await userHolding([]))).status).toBe(200);
    } else {
      expect((await api.call('GET', `/api${path}`, await userHolding([read]))).status).toBe(200);
      expect((await api.call('GET', `/api${path}`, await userHolding(codes.filter((code) => code !== read)))).status).toBe(403);
    }
    // Read-only collections (the audit log) take no POST at all.
    if (write && (await api.call('POST', `/api${path}`, 'admin', {})).status !== 404) {
      const writer = await userHolding(codes.filter((code) => code !== write));
      expect((await api.call('POST', `/api${path}`, writer, {})).status).toBe(403);
    }
  });
});
