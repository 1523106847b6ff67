import { decodeFleet } from '@shared/fleet/codec';
import type { FromFleetWorker, ToFleetWorker } from './fleetFrame';
import { FleetModel } from './fleetModel';

export type PostToMain = (message: FromFleetWorker, transfer: Transferable[]) => void;

/** The worker's message handler (fleetWorker.ts runs it in a Web Worker; tests run it in-thread). */
export function fleetWorkerHandler(post: PostToMain): (message: ToFleetWorker) => void {
  const model = new FleetModel();
  const sendFrame = () => {
    const frame = model.frame();
    const columns = [frame.lat, frame.lng, frame.sampleAt, frame.alt, frame.speed, frame.heading, frame.battery, frame.status, frame.flagged, frame.x, frame.y];
    post(
      { type: 'frame', frame },
      [...columns, frame.trail, frame.trailCount, frame.order].map((a) => a.buffer),
    );
  };
  return (message) => {
    if (message.type === 'airspace') {
      model.setAirspace(message.areas);
      if (model.size) sendFrame();
      return;
    }
    const result = decodeFleet(message.bytes);
    if (!result.ok) {
      model.dropped++;
      post({ type: 'dropped', error: result.error, detail: result.detail, dropped: model.dropped }, []);
      return;
    }
    model.apply(result.fleet);
    sendFrame();
  };
}
