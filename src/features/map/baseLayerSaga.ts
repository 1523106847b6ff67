import type { PayloadAction } from '@reduxjs/toolkit';
import { getContext, takeEvery } from 'redux-saga/effects';
import { saveMapBaseLayer } from '../../app/persistence';
import { baseLayerChanged } from './mapSlice';

function* remember(action: PayloadAction<string>) {
  const storage: Storage = yield getContext('storage');
  saveMapBaseLayer(storage, action.payload);
}

/** Every map shows the base map last chosen on this device. */
export default function* baseLayerSaga() {
  yield takeEvery(baseLayerChanged.type, remember);
}
