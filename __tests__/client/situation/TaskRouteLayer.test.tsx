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

describe('TaskRouteLayer: the route the selected aircraft flies', () => {
  function setup() {
    const { store } = createTestStore();
    const fleet = new FleetStore();
    const model = new FleetModel();
    model.apply(snapshotColumns([sample('B2', { taskId: 19 }), sample('A1')]));
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
    const route = routeOfTask(9).waypoints.map(({ lat, lng }) => ({ lat, lng }));
    // The lines on the map by part (jsdom draws no SVG: the map's layers are read), each as its points.
    const paths = () => {
      const lines: Record<string, number[][]> = {};
      map!.eachLayer((layer) => {
        if (!(layer instanceof L.Polyline)) return;
        const part = String(layer.options.className).replace('skyline-task-route-', '');
        (lines[part] ??= []).push((layer.getLatLngs() as L.LatLng[]).map((p) => Math.round((p.lat - 22.54) * 1000)));
      });
      return lines;
    };
    return { store, route, paths };
  }

  it('draws nothing until an aircraft flying a loaded task is selected, then the flown part and the rest', () => {
    const { store, route, paths } = setup();
    act(() => void store.dispatch(droneTaskLoaded({ task: flyingTask, route })));
    expect(paths()).toEqual({});
    // A1 flies no task.
    act(() => void store.dispatch(droneSelected('A1')));
    expect(paths()).toEqual({});
    act(() => void store.dispatch(droneSelected('B2')));
    // At waypoint 2 of 3: flown 1 → 2, to fly 2 → 3.
    expect(paths()).toEqual({ done: [[0, 1]], remaining: [[1, 2]] });
    // At the last waypoint (sysinfo/task) nothing remains to fly.
    act(
      () =>
        void store.dispatch(
          taskLiveReceived({ task_id: 19, status: 'running', progress: { ...flyingTask.progress!, waypoint_index: 2 }, dispatch_error: null, at: Date.now() }),
        ),
    );
    expect(paths()).toEqual({ done: [[0, 1, 2]] });
    act(() => void store.dispatch(droneSelected(null)));
    expect(paths()).toEqual({});
  });

  it('before take-off the whole route is to fly', () => {
    const { store, route, paths } = setup();
    act(() => void store.dispatch(droneTaskLoaded({ task: { ...flyingTask, progress: null }, route })));
    act(() => void store.dispatch(droneSelected('B2')));
    expect(paths()).toEqual({ remaining: [[0, 1, 2]] });
  });
});
