import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  common: {
    database_unavailable: 'The database is unavailable right now; retry in a few seconds',
  },
  flight: {
    not_found: 'Flight record {{id}} does not exist',
    no_track: 'Flight record {{id}} has no track to export',
  },
});
