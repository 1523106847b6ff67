import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  common: {
    database_unavailable: 'The database is unavailable right now; retry in a few seconds',
  },
});
