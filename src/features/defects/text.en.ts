import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  title: 'Defects',
  taskTitle: 'Defects of task {{taskId}}',
  none: 'No defects',
  draw: 'Mark a defect',
  drawing: 'Drag a rectangle on the photo',
  category: 'Category',
  noCategory: 'Uncategorised',
  severity: 'Severity',
  severities: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  status: 'Status',
  statuses: { new: 'New', confirmed: 'Confirmed', in_repair: 'In repair', fixed: 'Fixed', verified: 'Verified', rejected: 'Rejected' },
  actions: { confirm: 'Confirm', repair: 'Start repair', fix: 'Fixed', verify: 'Verify', reject: 'Reject' },
  note: 'Note',
  photo: 'Photo',
  save: 'Save defect',
  cancel: 'Cancel',
  problems: { no_region: 'Outline the defect on the photo first', note_too_long: 'A note holds at most 2000 characters' },
  shortcuts: 'Keys: D mark, 1–4 severity, Enter save, Esc cancel, ←/→ previous/next',
  report: { pdf: 'Inspection report (PDF)', xlsx: 'Defect list (XLSX)' },
  outline: '{{severity}} defect {{id}}',
});
