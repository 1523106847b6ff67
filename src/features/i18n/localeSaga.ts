import type { PayloadAction } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { call, fork, getContext, takeEvery } from 'redux-saga/effects';
import { saveLanguage } from '../../app/persistence';
import { untilSignedIn } from '../auth';
import { completeDefaultLanguage } from './i18n';
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

/**
 * The whole zh-cn table, which the app frame waits for (CompleteTexts) and the login page does without, starts loading
 * once a user is signed in, beside the frame's own code rather than after it.
 */
function* completeTextsWhenSignedIn() {
  yield* untilSignedIn();
  const i18nInstance: i18n = yield getContext('i18n');
  try {
    yield call(completeDefaultLanguage, i18nInstance);
  } catch {
    // A lost chunk: CompleteTexts reports it where the texts are missing.
  }
}

export default function* localeSaga() {
  yield fork(completeTextsWhenSignedIn);
  yield takeEvery(languageChanged.type, onLanguageChanged);
}
