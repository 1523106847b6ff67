import { ERROR_TEXTS_ZH } from '@shared/errorTexts';
import { defineFeatureText } from '../i18n';

/** The console's texts of the server's error codes (t('apiError.<area>.<reason>')): the shared table (shared/errorTexts.ts). */
export default defineFeatureText({ namespace: 'apiError', 'zh-cn': ERROR_TEXTS_ZH });
