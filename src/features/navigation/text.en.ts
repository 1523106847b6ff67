import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  forbiddenTitle: 'Access denied',
  forbiddenBody: 'You have no permission to open this page. Please ask an administrator.',
});
