import { act, screen, waitFor, within } from '@testing-library/react';
import { brokerEvents } from '../../../src/features/broker/eventBus';
import { FleetWorkerContext } from '../../../src/features/situation/fleetFeed';
import SituationPage from '../../../src/features/situation/SituationPage';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';
import { inThreadFleetWorker } from '../support/fleetWorker';
import { sample, snapshotBytes } from './fleetFixtures';

let mapRenders = 0;
jest.mock('../../../src/features/situation/SituationMap', () => ({
  __esModule: true,
  default: () => {
    mapRenders++;
    return null;
  },
}));

describe('/Tas at one snapshot a second', () => {
  beforeAll(() => {
    jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
    jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });
  afterAll(() => jest.restoreAllMocks());

  it('re-renders the list and counters with each snapshot, never the page and its map', async () => {
    const { store } = createTestStore({ 'GET /Alert/': () => ({ items: [], total: 0 }), 'GET /Airspace/Plan/': () => ({ items: [], total: 0 }) });
    const worker = inThreadFleetWorker();
    renderWithStore(
      <FleetWorkerContext.Provider value={async () => worker}>
        <SituationPage />
      </FleetWorkerContext.Provider>,
      store,
    );
    await waitFor(() => expect(worker.onmessage).not.toBeNull());
    await waitFor(() => expect(mapRenders).toBeGreaterThan(0));
    const before = mapRenders;
    const list = screen.getByRole('list', { name: '态势感知' });
    for (let battery = 50; battery < 53; battery++) {
      act(() => brokerEvents.emit('sysinfo/fleet', { topic: 'sysinfo/fleet', message: snapshotBytes([sample('A1', { battery })]) }));
      await waitFor(() => expect(within(list).getByRole('button')).toHaveTextContent(`${battery}%`));
    }
    expect(store.getState().situation.fleet.version).toBe(3);
    expect(mapRenders).toBe(before);
  });
});
