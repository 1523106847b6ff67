import type { PayloadAction } from '@reduxjs/toolkit';
import { getContext, put, select, takeEvery } from 'redux-saga/effects';
import { requestFailed } from '../../api/callApi';
import { describeFailedRequest, type FailedRequest } from '../../api/errorCatalogue';
import { wipeStorageKeepingLanguage } from '../../app/persistence';
import { sessionExpired } from '../auth';
import { selectLanguage } from '../i18n';
import type { Language } from '../i18n';
import { toastShown } from '../../shared/toasts';

function* reportFailure(action: PayloadAction<FailedRequest>) {
  const report = describeFailedRequest(action.payload);
  if (report.clearSession) {
    const storage: Storage = yield getContext('storage');
    const language: Language = yield select(selectLanguage);
    wipeStorageKeepingLanguage(storage, language);
    yield put(sessionExpired());
  }
  if (report.messageKey) yield put(toastShown({ messageKey: report.messageKey, params: report.params, severity: report.severity }));
}

export default function* httpErrorsSaga() {
  yield takeEvery(requestFailed.type, reportFailure);
}
