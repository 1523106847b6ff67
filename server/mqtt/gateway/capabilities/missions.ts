import { flighttaskProgressSchema, METHOD_FLIGHTTASK_PROGRESS } from '@shared/dji/events';
import {
  METHOD_FLIGHTTASK_EXECUTE,
  METHOD_FLIGHTTASK_PAUSE,
  METHOD_FLIGHTTASK_PREPARE,
  METHOD_FLIGHTTASK_RECOVERY,
  METHOD_FLIGHTTASK_UNDO,
  METHOD_RETURN_HOME,
} from '@shared/dji/flighttask';
import type { MissionService } from '../../../entities/task/missions';
import { route, type Capability } from '../registry';

/** Missions: tasks dispatched to docks (flighttask_*) and their progress events. */
export function missionsCapability(missions: Pick<MissionService, 'onProgress'>): Capability {
  return {
    name: 'missions',
    events: {
      [METHOD_FLIGHTTASK_PROGRESS]: route(flighttaskProgressSchema, (gatewaySn, data, { envelope }) => missions.onProgress(gatewaySn, data, envelope)),
    },
    services: [
      METHOD_FLIGHTTASK_PREPARE,
      METHOD_FLIGHTTASK_EXECUTE,
      METHOD_FLIGHTTASK_PAUSE,
      METHOD_FLIGHTTASK_RECOVERY,
      METHOD_FLIGHTTASK_UNDO,
      METHOD_RETURN_HOME,
    ],
  };
}
