import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  common: {
    database_unavailable: 'The database is unavailable right now; retry in a few seconds',
  },
  scope: {
    dept_outside: 'Department {{dept_id}} is outside your data scope',
  },
});
