import { getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Navigator } from '../../app/services';
import { selectActiveTabPath, selectTabs } from './selectors';
import { pathAfterClosing, type Tab } from './tabRules';
import { allTabsClosed, otherTabsClosed, tabClosed, tabCloseRequested } from './tabsSlice';

function* closeTab(action: PayloadAction<string>) {
  const tabs: Tab[] = yield select(selectTabs);
  const activePath: string | null = yield select(selectActiveTabPath);
  const target = pathAfterClosing(tabs, activePath, action.payload);
  yield put(tabClosed(action.payload));
  if (target) {
    const navigator: Navigator = yield getContext('navigator');
    navigator.navigate(target);
  }
}

function* goToRemaining(action: PayloadAction<string>) {
  const activePath: string | null = yield select(selectActiveTabPath);
  if (activePath !== action.payload) {
    const navigator: Navigator = yield getContext('navigator');
    navigator.navigate(action.payload);
  }
}

function* goHome() {
  const navigator: Navigator = yield getContext('navigator');
  navigator.navigate('/');
}

export default function* tabsSaga() {
  yield takeEvery(tabCloseRequested.type, closeTab);
  yield takeEvery(otherTabsClosed.type, goToRemaining);
  yield takeEvery(allTabsClosed.type, goHome);
}
