import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { MediaMapPoint, MediaPoints } from '@shared/entities/media';
import { all, getContext, put, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../api/client';
import { callApi } from '../../api/callApi';
import { listMediaPoints } from '../../api/media';
import { rootReducer, type RootState } from '../../app/rootReducer';
import type { Saga } from '../../app/saga';
import type { Navigator } from '../../app/services';
import { EMPTY_FILTERS, filtersChanged, mediaLoaded, mediaLoadFailed, previewOpened } from '../media';

/** The photos a flight replay marks along its track: where each photo of the record was taken (GET /Media/points/). */
export interface ReplayPhotosState {
  recordId: number | null;
  points: MediaMapPoint[];
}

const initialState: ReplayPhotosState = { recordId: null, points: [] };

const replayPhotosSlice = createSlice({
  name: 'replayPhotos',
  initialState,
  reducers: {
    replayPhotosRequested(state, action: PayloadAction<number>) {
      if (state.recordId !== action.payload) return { recordId: action.payload, points: [] };
    },
    replayPhotosLoaded(state, action: PayloadAction<{ recordId: number; points: MediaMapPoint[] }>) {
      if (state.recordId === action.payload.recordId) state.points = action.payload.points;
    },
    /** A photo marker clicked: the media library of the record with that photo's preview open. */
    replayPhotoOpened(_state, _action: PayloadAction<{ recordId: number; mediaId: number }>) {},
  },
});

export const { replayPhotosRequested, replayPhotosLoaded, replayPhotoOpened } = replayPhotosSlice.actions;

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof replayPhotosSlice> {}
}

const selectReplayPhotosState = replayPhotosSlice.injectInto(rootReducer).selectSlice;
export const selectReplayPhotos = (state: RootState) => selectReplayPhotosState(state).points;

/** The record's photos with a position (a newer record cancels an older request). */
function* loadPhotos(action: ReturnType<typeof replayPhotosRequested>): Saga {
  const recordId = action.payload;
  try {
    const response: Envelope<MediaPoints> = yield* callApi(listMediaPoints, { flight_record_id: recordId, type: 'photo' });
    yield put(replayPhotosLoaded({ recordId, points: response.data.points }));
  } catch {
    // The request failure is already shown; the replay goes on without photo markers.
  }
}

/**
 * The media library filtered to the record (the library reads its filters from the store, not the URL), the photo
 * previewed once the record's files have loaded: opened against the page shown before, which may hold the photo, it
 * would be taken from that page and close when the record's page without it replaces it.
 */
function* openPhoto(action: ReturnType<typeof replayPhotoOpened>): Saga {
  const { recordId, mediaId } = action.payload;
  yield put(filtersChanged({ ...EMPTY_FILTERS, flight_record_id: String(recordId) }));
  const navigator: Navigator = yield getContext('navigator');
  navigator.navigate(`/Media?flight_record_id=${recordId}`);
  yield take([mediaLoaded.type, mediaLoadFailed.type]);
  yield put(previewOpened(mediaId));
}

export function* replayPhotosSaga(): Saga {
  yield all([takeLatest(replayPhotosRequested.type, loadPhotos), takeEvery(replayPhotoOpened.type, openPhoto)]);
}
