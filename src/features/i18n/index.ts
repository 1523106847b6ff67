// The i18n feature's public face: other features import these from here, never its files.
export { defineFeatureText, translateFeature } from '../../shared/featureText';
export { LANGUAGES, type Language, isLanguage } from './languages';
export { languageChanged, selectLanguage } from './localeSlice';
export { default as LanguageSelect } from './LanguageSelect';
export { default as CompleteTexts } from './CompleteTexts';
