import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  what: 'device',
  searchLabel: 'Search serial/name/model',
  serial: 'Serial',
  name: 'Name',
  model: 'Model',
  kind: 'Kind',
  firmware: 'Firmware',
  department: 'Department',
  status: 'Status',
  photo: 'Photo',
  battery: 'Battery',
  lastSeen: 'Last seen',
  lastPosition: 'Last position',
  noPosition: 'No position yet',
  mapLabel: 'Device position map',
  live: 'Live',
  kinds: { aircraft: 'Aircraft', dock: 'Dock', remote_controller: 'Remote controller' },
  statuses: { online: 'Online', offline: 'Offline', flying: 'Flying', maintenance: 'Maintenance' },
  serialRule: '4-64 letters, digits or -',
});
