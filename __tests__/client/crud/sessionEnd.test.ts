import { rootReducer } from '../../../src/app/rootReducer';
import { listLoaded } from '../../../src/crud/resourcesSlice';
import { loggedOut, sessionExpired } from '../../../src/features/auth';

describe('the CRUD kit when a session ends (the app resets its lists)', () => {
  const signedIn = rootReducer(
    undefined,
    listLoaded({ resource: 'department', items: [{ id: 1, name: '总部', parent_id: null, sort: 0, created_at: '', updated_at: '' }], total: 1 }),
  );

  it.each([
    ['signing out', loggedOut({ serverConfirmed: true })],
    ['an expired session', sessionExpired()],
  ])('%s drops every list, so another user never sees them', (_name, action) => {
    expect(signedIn.resources.department.items).toHaveLength(1);
    expect(rootReducer(signedIn, action).resources).toEqual({});
  });
});
