import { getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SignedInUser } from '@shared/user';
import { readTabs, saveTabs, type PersistedTabs } from '../../app/persistence';
import type { Navigator } from '../../app/services';
import { loginSucceeded, selectUser } from '../auth';
import { selectActiveTabPath, selectTabs } from './selectors';
import { pathAfterClosing, type Tab } from './tabRules';
import { allTabsClosed, otherTabsClosed, pageOpened, tabClosed, tabCloseRequested, tablessPageOpened, tabsRestored } from './tabsSlice';

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

/** The signed-in user's tabs from their last visit on this device (a reload, or signing in again). */
function* restore() {
  const user: SignedInUser | null = yield select(selectUser);
  if (!user) return;
  const storage: Storage = yield getContext('storage');
  const saved = readTabs(storage, user.username);
  if (saved) yield put(tabsRestored(saved));
}

function* remember() {
  const user: SignedInUser | null = yield select(selectUser);
  if (!user) return;
  const storage: Storage = yield getContext('storage');
  const tabs: Tab[] = yield select(selectTabs);
  const activePath: string | null = yield select(selectActiveTabPath);
  saveTabs(storage, user.username, { tabs, activePath } satisfies PersistedTabs);
}

export default function* tabsSaga() {
  yield* restore();
  yield takeEvery(loginSucceeded.type, restore);
  yield takeEvery([pageOpened.type, tabClosed.type, otherTabsClosed.type, allTabsClosed.type, tabsRestored.type, tablessPageOpened.type], remember);
  yield takeEvery(tabCloseRequested.type, closeTab);
  yield takeEvery(otherTabsClosed.type, goToRemaining);
  yield takeEvery(allTabsClosed.type, goHome);
}
