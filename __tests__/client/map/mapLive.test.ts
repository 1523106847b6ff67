import { TOPIC_MAP, type MapSignal } from '@shared/live';
import { brokerEvents } from '../../../src/features/broker';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { mapHidden, mapShown } from '../../../src/features/map/mapSlice';
import { demoUser } from '../support/renderApp';
import { createTestStore, flush } from '../support/testStore';

describe('the map follows sysinfo/map (a pilot drawing in DJI Pilot 2, another console)', () => {
  const signal: MapSignal = { project_id: 3, change: 'create', at: 1 };
  const emit = () => brokerEvents.emit(TOPIC_MAP, { topic: TOPIC_MAP, message: signal });

  it('re-reads the features on every signal while a map page is on screen, and not after', async () => {
    let rows = [{ id: 1, name: 'Console line', category: 'powerline', geometry: { type: 'Point', coordinates: [114, 22] } }];
    const { store, calls } = createTestStore(
      { 'GET /Feature/': () => ({ items: rows, total: rows.length }) },
      { auth: { ...initialAuthState, token: 'tok', user: demoUser } },
    );
    const reads = () => calls.filter((c) => c.path === '/Feature/').length;
    await flush();
    emit();
    await flush();
    expect(reads()).toBe(0);

    store.dispatch(mapShown());
    await flush();
    expect(store.getState().broker.subscriptions).toContain(TOPIC_MAP);
    rows = [...rows, { id: 2, name: 'Drawn in Pilot 2', category: 'pilot_shared', geometry: { type: 'Point', coordinates: [114.1, 22.1] } }];
    emit();
    await flush();
    expect(reads()).toBe(1);
    expect(store.getState().map.features.map((f: { name: string }) => f.name)).toEqual(['Console line', 'Drawn in Pilot 2']);

    store.dispatch(mapHidden());
    await flush();
    expect(store.getState().broker.subscriptions).not.toContain(TOPIC_MAP);
    emit();
    await flush();
    expect(reads()).toBe(1);
  });
});
