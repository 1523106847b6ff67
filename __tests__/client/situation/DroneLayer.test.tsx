import { act, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import L from 'leaflet';
import { MapContainer } from 'react-leaflet';
import DroneLayer from '../../../src/features/situation/DroneLayer';
import { drawFleet, viewOf } from '../../../src/features/situation/droneCanvas';
import { FleetModel } from '../../../src/features/situation/fleetModel';
import { FleetStore, FleetStoreContext } from '../../../src/features/situation/fleetStore';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';
import { sample, snapshotColumns } from './fleetFixtures';

/** A canvas context that records the calls and assignments made to it. */
function recordingContext() {
  const calls: string[] = [];
  const ctx = new Proxy({} as CanvasRenderingContext2D, {
    get:
      (_t, name) =>
      (...args: unknown[]) =>
        void calls.push(`${String(name)}(${args.map((a) => (typeof a === 'number' ? Math.round(a) : a)).join(',')})`),
    set: (_t, name, value) => (calls.push(`${String(name)}=${value}`), true),
  });
  return { ctx, calls };
}

describe('DroneLayer', () => {
  it('shows each frame without re-rendering React, labels the canvas, selects on click, marks the selected drone', async () => {
    const { store } = createTestStore();
    const fleet = new FleetStore();
    const model = new FleetModel();
    const show = (...samples: ReturnType<typeof sample>[]) => {
      model.apply(snapshotColumns(samples));
      act(() => fleet.apply(model.frame()));
    };
    let commits = 0;
    let map: L.Map | null = null;
    const { container } = renderWithStore(
      <FleetStoreContext.Provider value={fleet}>
        <Profiler id="drones" onRender={() => void commits++}>
          <MapContainer center={[22.54, 114.05]} zoom={12} style={{ height: 400, width: 600 }} ref={(m) => void (map = m)}>
            <DroneLayer />
          </MapContainer>
        </Profiler>
      </FleetStoreContext.Provider>,
      store,
    );
    const canvas = () => container.querySelector('canvas.skyline-drones')!;
    await waitFor(() => expect(canvas()).toHaveAttribute('aria-label', '地图上 0 架无人机'));
    const afterMount = commits;
    show(sample('A', { heading: 45 }), sample('B', { status: 'online', lng: 114.06 }), sample('C', { lng: 114.07 }));
    for (let i = 1; i <= 5; i++) show(sample('A', { heading: 45 + i * 10, lat: 22.54 + i * 0.01 }));
    expect(canvas()).toHaveAttribute('aria-label', '地图上 3 架无人机');
    expect(commits).toBe(afterMount);

    // A click near a drone selects it; the selected drone gets a CSS-rotated DOM marker that follows it.
    act(() => void map!.fire('click', { latlng: L.latLng(22.59, 114.05), containerPoint: map!.latLngToContainerPoint([22.59, 114.05]) }));
    expect(store.getState().situation.selectedSn).toBe('A');
    await waitFor(() => expect((container.querySelector('[data-sn="A"]') as HTMLElement | null)?.style.transform).toBe('rotate(95deg)'));
    show(sample('A', { heading: 120, lat: 22.6 }));
    expect((container.querySelector('[data-sn="A"]') as HTMLElement).style.transform).toBe('rotate(120deg)');
    // A click far from every drone selects nothing new.
    act(() => void map!.fire('click', { latlng: L.latLng(23, 115), containerPoint: map!.latLngToContainerPoint([23, 115]) }));
    expect(store.getState().situation.selectedSn).toBe('A');
  });

  it('draws trails then arrows with one path per colour, and the selected drone last', () => {
    const map = L.map(document.createElement('div'), { center: [22.54, 114.05], zoom: 12 });
    const model = new FleetModel();
    for (let i = 0; i < 3; i++)
      model.apply(
        snapshotColumns([
          sample('F1', { lat: 22.54 + i / 1000 }),
          sample('F2', { lng: 114.051, lat: 22.54 + i / 1000 }),
          sample('ON', { status: 'online', lng: 114.052 }),
          sample('FAR', { lat: 40, lng: 100 }),
        ]),
      );
    model.setFlagged(['F1', 'F2']);
    const { ctx, calls } = recordingContext();
    drawFleet(ctx, model.frame(), viewOf(map), 1);
    // Drones with an open conformance alert are flagged (red). One fill per colour group on screen (online, flagged;
    // FAR is off screen), then the selected one, larger; trails: one stroke per group, then the selected trail.
    expect(calls.filter((c) => c.startsWith('fillStyle='))).toEqual(['fillStyle=#43a047', 'fillStyle=#e53935', 'fillStyle=#e53935']);
    expect(calls.filter((c) => c === 'fill()')).toHaveLength(3);
    expect(calls.filter((c) => c.startsWith('moveTo('))).toHaveLength(/* trails */ 2 + /* arrows */ 2 + /* selected trail and arrow */ 2);
    expect(calls.indexOf('strokeStyle=#ff6f00')).toBeGreaterThan(calls.lastIndexOf('fillStyle=#43a047'));
    map.remove();
  });
});
