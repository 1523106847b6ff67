import { rootReducer } from '../../../src/app/rootReducer';
import { listLoaded } from '../../../src/crud/resourcesSlice';
import { loggedOut, sessionExpired } from '../../../src/features/auth';

describe('the CRUD kit when a session ends (the app resets its lists)', () => {
  const signedIn = rootReducer(undefined, listLoaded({ resource: 'device', items: [{ id: 1, name: 'M30' }], total: 1 }));

  it.each([
    ['signing out', loggedOut({ serverConfirmed: true })],
    ['an expired session', sessionExpired()],
  ])('%s drops every list, so another user never sees them', (_name, action) => {
    expect(signedIn.resources.device.items).toHaveLength(1);
    expect(rootReducer(signedIn, action).resources).toEqual({});
  });
});
