import type { PayloadAction } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { call, getContext, takeEvery } from 'redux-saga/effects';
import { saveLanguage } from '../../app/persistence';
import { languageChanged } from './localeSlice';
import { htmlLang, type Language } from './languages';

export function* applyLanguage(language: Language) {
  const storage: Storage = yield getContext('storage');
  const i18nInstance: i18n = yield getContext('i18n');
  const doc: Document = yield getContext('document');
  saveLanguage(storage, language);
  doc.documentElement.lang = htmlLang(language);
  yield call([i18nInstance, i18nInstance.changeLanguage], language);
}

function* onLanguageChanged(action: PayloadAction<Language>) {
  yield* applyLanguage(action.payload);
}

export default function* localeSaga() {
  yield takeEvery(languageChanged.type, onLanguageChanged);
}
