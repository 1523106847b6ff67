import { act, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import L from 'leaflet';
import { MapContainer } from 'react-leaflet';
import DroneLayer from '../../../src/features/situation/DroneLayer';
import { DroneCanvasLayer, drawFleet, viewOf } from '../../../src/features/situation/droneCanvas';
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

  // What the fleet canvas draws (each arrow in its status colour at the aircraft's position, the selected one larger) is
  // read from its pixels in Chromium: e2e/conformance.e2e.ts. jsdom has no canvas; here only how the drawing is split.
  it('yields after the trails of each colour on screen, so the view can spread a large fleet over frames', () => {
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
    model.setFlagged(['F1']);
    const { ctx } = recordingContext();
    // Flagged, flying (F2; FAR is off screen) and online: three trail colours on screen.
    expect([...drawFleet(ctx, model.frame(), viewOf(map), -1, { image: 'atlas' as unknown as CanvasImageSource, ratio: 1 })]).toHaveLength(3);
    map.remove();
  });

  it('leaves out trail points within 2 px of the last one drawn, but never the newest', () => {
    const map = L.map(document.createElement('div'), { center: [22.54, 114.05], zoom: 12 });
    const model = new FleetModel();
    // At zoom 12 a thousandth of a degree is about 3 px, a millionth far below one.
    for (const dLat of [0, 1e-6, 2e-6, 1e-3, 1e-3 + 1e-6, 1e-3 + 2e-6]) model.apply(snapshotColumns([sample('A', { lat: 22.54 + dLat })]));
    const { ctx, calls } = recordingContext();
    for (const _step of drawFleet(ctx, model.frame(), viewOf(map), -1, { image: 'atlas' as unknown as CanvasImageSource, ratio: 1 }));
    expect(calls.filter((c) => c.startsWith('moveTo('))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('lineTo('))).toHaveLength(2);
    map.remove();
  });

  describe('on the map', () => {
    let frames: FrameRequestCallback[] = [];
    const contexts = new Map<HTMLCanvasElement, ReturnType<typeof recordingContext>>();
    beforeEach(() => {
      frames = [];
      contexts.clear();
      let clock = 0;
      // Each reading of the clock is a millisecond later; animation frames run when the test says.
      jest.spyOn(performance, 'now').mockImplementation(() => ++clock);
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
      jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
        if (!contexts.has(this)) contexts.set(this, recordingContext());
        return contexts.get(this)!.ctx;
      } as never);
      jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
      jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
    });
    afterEach(() => jest.restoreAllMocks());

    it('spreads a large fleet over several frames, shows it once complete, and lets a frame arriving meanwhile wait its turn', () => {
      const container = document.createElement('div');
      const map = L.map(container, { center: [22.54, 114.05], zoom: 12, zoomAnimation: false, fadeAnimation: false });
      const layer = new DroneCanvasLayer(() => undefined).addTo(map);
      const visible = container.querySelector('canvas.skyline-drones') as HTMLCanvasElement;
      const shown = () => contexts.get(visible)!.calls.filter((c) => c === 'drawImage([object HTMLCanvasElement],0,0)').length;
      const model = new FleetModel();
      const fleet = () => snapshotColumns(Array.from({ length: 1000 }, (_, i) => sample(`D${i}`, { lat: 22.5 + (i % 40) / 1000, lng: 114 + i / 10000 })));
      model.apply(fleet());
      // The empty map's drawing.
      while (frames.length) frames.shift()!(0);
      expect(shown()).toBe(1);
      layer.setFrame(model.frame(), -1, '1000');
      frames.shift()!(0);
      expect(shown()).toBe(1);
      // The next snapshot arrives while the first drawing is under way: it does not restart it.
      model.apply(fleet());
      layer.setFrame(model.frame(), -1, '1000');
      let framesToFirst = 1;
      while (shown() === 1) {
        frames.shift()!(0);
        framesToFirst++;
      }
      expect(framesToFirst).toBeGreaterThan(1);
      while (frames.length) frames.shift()!(0);
      expect(shown()).toBe(3);
      map.remove();
    });
  });
});
