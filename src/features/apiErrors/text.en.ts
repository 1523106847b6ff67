import { ERROR_TEXTS_EN } from '@shared/errorTexts.en';
import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, ERROR_TEXTS_EN);
