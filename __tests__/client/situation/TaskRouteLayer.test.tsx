import { act } from '@testing-library/react';
import L from 'leaflet';
import { MapContainer } from 'react-leaflet';
import { FleetModel } from '../../../src/features/situation/fleetModel';
import { FleetStore, FleetStoreContext } from '../../../src/features/situation/fleetStore';
import { droneSelected, droneTaskLoaded } from '../../../src/features/situation/situationSlice';
import TaskRouteLayer from '../../../src/features/situation/TaskRouteLayer';
import { taskLiveReceived } from '../../../src/features/tasks';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';
import { sample, snapshotColumns } from './fleetFixtures';
import { flyingTask, routeOfTask } from './taskFixtures';

/** Task 20 flies route 10, ten waypoint steps north of route 9, not yet past its first waypoint report. */
const otherTask = { ...flyingTask, id: 20, name: '大坝巡检', route_id: 10, progress: null };
const route9 = routeOfTask(9).waypoints.map(({ lat, lng }) => ({ lat, lng }));
const route10 = route9.map((p) => ({ ...p, lat: p.lat + 0.01 }));

describe('TaskRouteLayer: the routes the aircraft on the view fly', () => {
  function setup() {
    const { store } = createTestStore();
    const fleet = new FleetStore();
    const model = new FleetModel();
    // B2 flies task 19, C3 task 20; A1 none, D4 one it names itself (not ours).
    model.apply(snapshotColumns([sample('B2', { taskId: 19 }), sample('A1'), sample('C3', { taskId: '20' }), sample('D4', { taskId: 'river-9' })]));
    fleet.apply(model.frame());
    let map: L.Map | null = null;
    renderWithStore(
      <FleetStoreContext.Provider value={fleet}>
        <MapContainer center={[22.54, 114.05]} zoom={14} style={{ height: 400, width: 600 }} ref={(m) => void (map = m)}>
          <TaskRouteLayer />
        </MapContainer>
      </FleetStoreContext.Provider>,
      store,
    );
    // The map's layers by part (jsdom draws no SVG: the map's layers are read), "*" marking the selected aircraft's:
    // each line as its waypoints' numbers (thousandths of a degree north of 22.54), the current waypoint's ring as one.
    const drawn = () => {
      const parts: Record<string, number[][]> = {};
      map!.eachLayer((layer) => {
        if (!(layer instanceof L.Path)) return;
        const [, part, selected] = /skyline-task-route-(\w+)( skyline-task-route-selected)?/.exec(String(layer.options.className))!;
        const at = (p: L.LatLng) => Math.round((p.lat - 22.54) * 1000);
        const value = layer instanceof L.CircleMarker ? [at(layer.getLatLng())] : (layer as L.Polyline).getLatLngs().map((p) => at(p as L.LatLng));
        (parts[`${part}${selected ? '*' : ''}`] ??= []).push(value);
      });
      for (const lines of Object.values(parts)) lines.sort((a, b) => a[0] - b[0]);
      return parts;
    };
    return { store, drawn };
  }

  it('draws every loaded task being flown with its progress, the selected aircraft’s emphasised', () => {
    const { store, drawn } = setup();
    expect(drawn()).toEqual({});
    act(() => void store.dispatch(droneTaskLoaded({ task: flyingTask, route: route9 })));
    // B2 at waypoint 2 of 3: flown 1 → 2, to fly 2 → 3, the ring on waypoint 2; nobody selected.
    expect(drawn()).toEqual({ done: [[0, 1]], remaining: [[1, 2]], current: [[1]] });
    // C3's task: before its first waypoint report the whole route is to fly, with no ring.
    act(() => void store.dispatch(droneTaskLoaded({ task: otherTask, route: route10 })));
    expect(drawn()).toEqual({
      done: [[0, 1]],
      remaining: [
        [1, 2],
        [10, 11, 12],
      ],
      current: [[1]],
    });
    // Selecting C3 emphasises its route only; A1 (no task) emphasises none.
    act(() => void store.dispatch(droneSelected('C3')));
    expect(drawn()).toEqual({ done: [[0, 1]], remaining: [[1, 2]], 'remaining*': [[10, 11, 12]], current: [[1]] });
    act(() => void store.dispatch(droneSelected('A1')));
    expect(drawn()).toEqual({
      done: [[0, 1]],
      remaining: [
        [1, 2],
        [10, 11, 12],
      ],
      current: [[1]],
    });
    act(() => void store.dispatch(droneSelected('B2')));
    expect(drawn()).toEqual({ 'done*': [[0, 1]], 'remaining*': [[1, 2]], 'current*': [[1]], remaining: [[10, 11, 12]] });
  });

  it('follows the progress sysinfo/task reports', () => {
    const { store, drawn } = setup();
    act(() => void store.dispatch(droneTaskLoaded({ task: otherTask, route: route10 })));
    expect(drawn()).toEqual({ remaining: [[10, 11, 12]] });
    const report = (waypoint_index: number) =>
      taskLiveReceived({
        task_id: 20,
        status: 'running',
        progress: { status: 'in_progress', percent: 50, current_step: 1, waypoint_index },
        dispatch_error: null,
        at: Date.now(),
      });
    act(() => void store.dispatch(report(1)));
    expect(drawn()).toEqual({ done: [[10, 11]], remaining: [[11, 12]], current: [[11]] });
    // At the last waypoint nothing remains to fly.
    act(() => void store.dispatch(report(2)));
    expect(drawn()).toEqual({ done: [[10, 11, 12]], current: [[12]] });
  });
});
