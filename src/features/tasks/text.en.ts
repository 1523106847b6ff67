import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  what: 'task',
  name: 'Task name',
  project: 'Project',
  route: 'Route',
  device: 'Device',
  pilot: 'Pilot',
  kind: 'Kind',
  status: 'Status',
  scheduledAt: 'Scheduled at',
  startedAt: 'Started at',
  finishedAt: 'Finished at',
  routeMap: 'Task route map',
  noRoute: 'No route assigned',
  routeLength: 'Route length',
  kinds: { inspection: 'Inspection', mapping: 'Mapping', patrol: 'Patrol', delivery: 'Delivery', emergency: 'Emergency' },
  statuses: { pending: 'Pending', scheduled: 'Scheduled', running: 'Running', done: 'Done', failed: 'Failed', cancelled: 'Cancelled' },
  steps: { schedule: 'Schedule', start: 'Start', complete: 'Complete', fail: 'Fail', cancel: 'Cancel task', retry: 'Retry' },
  scheduleNeedsTime: 'Scheduling needs a time',
});
