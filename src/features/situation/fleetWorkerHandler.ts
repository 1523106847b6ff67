import { decodeFleet } from '@shared/fleet/codec';
import type { FromFleetWorker, ToFleetWorker } from './fleetFrame';
import { FleetModel, frameBuffers } from './fleetModel';

export type PostToMain = (message: FromFleetWorker, transfer: Transferable[]) => void;

/** The worker's message handler (fleetWorker.ts runs it in a Web Worker; tests run it in-thread). */
export function fleetWorkerHandler(post: PostToMain): (message: ToFleetWorker) => void {
  const model = new FleetModel();
  const sendFrame = () => {
    const frame = model.frame();
    post({ type: 'frame', frame }, frameBuffers(frame));
  };
  return (message) => {
    if (message.type === 'flagged') {
      model.setFlagged(message.serials);
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
