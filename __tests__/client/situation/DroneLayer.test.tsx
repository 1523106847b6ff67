import { act, render, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import L from 'leaflet';
import { MapContainer } from 'react-leaflet';
import { Provider } from 'react-redux';
import { messagesReceived } from '../../../src/features/broker/brokerSlice';
import type { Telemetry } from '@shared/live';
import DroneLayer, { type DroneLayerProbe } from '../../../src/features/situation/DroneLayer';
import { drawArrow } from '../../../src/features/situation/droneCanvas';
import { createTestStore } from '../support/testStore';

const sample = (sn: string, over: Partial<Telemetry> = {}): Telemetry => ({
  sn,
  lat: 22.54,
  lng: 114.05,
  alt: 80,
  speed: 8,
  heading: 0,
  battery: 90,
  status: 'flying',
  at: Date.now(),
  ...over,
});
const batch = (...samples: Telemetry[]) =>
  messagesReceived({ received: samples.length, invalid: 0, byTopic: {}, telemetry: Object.fromEntries(samples.map((s) => [s.sn, [s]])), at: Date.now() });

describe('DroneLayer', () => {
  it('keeps one glyph per serial coloured by status, follows telemetry without re-rendering React, selects on click', async () => {
    const { store } = createTestStore();
    let commits = 0;
    let map: L.Map | null = null;
    const { container } = render(
      <Provider store={store}>
        <Profiler id="drones" onRender={() => void commits++}>
          <MapContainer center={[22.54, 114.05]} zoom={12} style={{ height: 400, width: 600 }} ref={(m) => void (map = m)}>
            <DroneLayer flagged={new Set(['C'])} />
          </MapContainer>
        </Profiler>
      </Provider>,
    );
    const probe = () => (container.querySelector('.leaflet-container') as HTMLElement & { droneLayer: DroneLayerProbe }).droneLayer.drones();
    const afterMount = commits;
    act(() => void store.dispatch(batch(sample('A', { heading: 45 }), sample('B', { status: 'online', lng: 114.06 }), sample('C', { lng: 114.07 }))));
    await waitFor(() => expect(Object.keys(probe()).sort()).toEqual(['A', 'B', 'C']));
    expect(probe().A).toMatchObject({ heading: 45, colour: '#1e88e5' }); // flying: blue
    expect(probe().B.colour).toBe('#43a047'); // online: green
    expect(probe().C.colour).toBe('#e53935'); // outside its airspace: red

    for (let i = 1; i <= 5; i++) act(() => void store.dispatch(batch(sample('A', { heading: 45 + i * 10, lat: 22.54 + i * 0.01 }))));
    await waitFor(() => expect(probe().A).toMatchObject({ heading: 95, lat: 22.59 }));
    expect(commits).toBe(afterMount);

    // A click near a drone selects it; the selected drone gets a CSS-rotated marker.
    act(() => void map!.fire('click', { latlng: L.latLng(22.59, 114.05), containerPoint: map!.latLngToContainerPoint([22.59, 114.05]) }));
    expect(store.getState().situation.selectedSn).toBe('A');
    await waitFor(() => expect((container.querySelector('[data-sn="A"]') as HTMLElement | null)?.style.transform).toBe('rotate(95deg)'));
    // A click far from every drone selects nothing new.
    act(() => void map!.fire('click', { latlng: L.latLng(23, 115), containerPoint: map!.latLngToContainerPoint([23, 115]) }));
    expect(store.getState().situation.selectedSn).toBe('A');
  });

  it('draws an arrow rotated by the heading', () => {
    const calls: string[] = [];
    const ctx = new Proxy({} as CanvasRenderingContext2D, {
      get: (_t, name) =>
        name in { fillStyle: 1, strokeStyle: 1, lineWidth: 1, shadowColor: 1, shadowBlur: 1 }
          ? undefined
          : (...args: unknown[]) => void calls.push(`${String(name)}(${args.map((a) => (typeof a === 'number' ? Math.round(a * 100) / 100 : a)).join(',')})`),
      set: (_t, name, value) => (calls.push(`${String(name)}=${value}`), true),
    });
    drawArrow(ctx, 10, 20, { sn: 'A', lat: 0, lng: 0, heading: 90, colour: '#123456', selected: false });
    expect(calls).toEqual(expect.arrayContaining(['translate(10,20)', 'rotate(1.57)', 'fillStyle=#123456', 'fill()']));
  });
});
