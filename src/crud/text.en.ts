import { translateFeature } from '../features/i18n';
import text from './text';

export default translateFeature(text, {
  search: 'Search',
  create: 'New',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  saving: 'Saving…',
  actions: 'Actions',
  refresh: 'Refresh',
  all: 'All',
  deleteTitle: 'Confirm deletion',
  deleteBody: 'Delete "{{name}}"? This cannot be undone.',
  loadFailed: 'Loading failed: $t({{reason}})',
  saveFailed: 'Saving failed: $t({{reason}})',
  deleteFailed: 'Deleting failed: $t({{reason}})',
  actionFailed: 'The action failed: $t({{reason}})',
  createTitle: 'New {{what}}',
  editTitle: 'Edit {{what}}',
  required: 'Required',
  detail: 'Details',
  close: 'Close',
  note: 'Note',
  exportCsv: 'Export CSV',
});
