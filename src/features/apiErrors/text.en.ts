import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  common: {
    database_unavailable: 'The database is unavailable right now; retry in a few seconds',
  },
  mission: {
    no_aircraft: 'The task has no aircraft',
    no_route: 'The task has no route',
    not_bound: 'Aircraft {{sn}} is not connected to a remote controller or dock',
    offline: 'Aircraft {{sn}} is offline',
    battery_low: 'Battery {{battery}}% is under the {{needed}}% the route needs (estimate plus reserve)',
    weather: 'The weather is not flyable',
    no_plan: 'No accepted flight plan covers this route and the present time',
    already_dispatched: 'The task has already been dispatched',
    command_not_applicable: 'The task cannot do that in its current state',
    cancel_in_flight: 'The flight has started and cannot be withdrawn; send the aircraft home instead',
    schedule_needs_time: 'Scheduling needs a planned time',
    schedule_in_past: 'The planned time must be in the future',
    device_refused: 'The device refused the command (error {{result}})',
    device_timeout: 'The device did not answer the command in time',
    link_failed: 'The command could not be sent to the device',
    link_unavailable: 'The live channel is off: tasks cannot be dispatched',
    wayline_link_invalid: 'The wayline download link is invalid or has expired',
  },
});
