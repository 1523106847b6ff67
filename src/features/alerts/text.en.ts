import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  level: 'Level',
  levels: { 0: 'Notice', 1: 'Caution', 2: 'Warning' },
  kind: 'Kind',
  kinds: { hms: 'Health', conformance: 'Conformance', safety: 'Flight safety' },
  device: 'Device',
  code: 'Code',
  message: 'Message',
  firstSeen: 'First seen',
  lastSeen: 'Last seen',
  count: 'Count',
  state: 'State',
  states: { 1: 'Open', 0: 'Over' },
  acked: 'Acknowledged',
  ackedAt: 'Acknowledged {{time}}',
  notAcked: 'Not acknowledged',
  acknowledge: 'Acknowledge',
  acknowledgeSelected: 'Acknowledge selected ({{count}})',
  acknowledged: 'Alerts acknowledged: {{count}}',
});
