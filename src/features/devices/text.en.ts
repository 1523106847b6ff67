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
  secret: 'Secret',
  secretTitle: 'Dock MQTT secret',
  secretOnce:
    'This secret is shown only once and cannot be viewed again after you close this dialog: copy it now and keep it safe. If it is lost, rotate it to get a new one.',
  secretUsage: 'The dock connects to MQTT with username = serial and password = this secret.',
  copySecret: 'Copy secret',
  secretCopied: 'Copied',
  rotateSecret: 'Rotate secret',
  rotateTitle: 'Rotate dock secret',
  rotateBody: 'Issue a new secret for dock {{name}}? The old secret stops working at once and the dock is disconnected until it reconnects with the new one.',
});
