import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  what: 'notice',
  title: 'Title',
  content: 'Content',
  level: 'Level',
  publishAt: 'Published at',
  state: 'State',
  published: 'Published',
  scheduled: 'Scheduled',
  withdrawn: 'Withdrawn',
  publish: 'Publish',
  withdraw: 'Withdraw',
  publishFailed: 'Publishing failed: $t({{reason}})',
  withdrawFailed: 'Withdrawing failed: $t({{reason}})',
  read: 'Read',
  unread: 'Unread',
  markRead: 'Mark read',
  levels: { info: 'Info', warning: 'Important', urgent: 'Urgent' },
  readState: 'Read state',
  openDefect: 'Open the defect',
  defect: 'Defect',
  defectNumber: 'Defect #{{id}}',
  openDefectNumber: 'Open defect #{{id}}',
});
