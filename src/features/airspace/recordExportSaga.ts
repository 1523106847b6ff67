import { createAction } from '@reduxjs/toolkit';
import { call, getContext, takeEvery } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { HttpClient } from '../../api/client';
import { downloadText } from '../../crud/csv';
import { recordFileName, type RecordExportFormat } from '@shared/flight/exportFiles';

/** Download one flight record as a file (GET /api/Airspace/Report/{id}/{format}/). */
export const recordExportRequested = createAction<{ id: number; takeoff_at: string; format: RecordExportFormat }>('airspace/recordExportRequested');

const MIME: Record<RecordExportFormat, string> = {
  geojson: 'application/geo+json;charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

// The client hands back the body parsed when it is JSON (GeoJSON) and as text otherwise (KML, CSV).
const getRecordFile = (client: HttpClient, id: number, format: RecordExportFormat) => client.request<unknown>('GET', `/Airspace/Report/${id}/${format}/`);

function* exportRecord(action: ReturnType<typeof recordExportRequested>) {
  const { id, format } = action.payload;
  try {
    const body: unknown = yield* callApi(getRecordFile, id, format);
    const doc: Document = yield getContext('document');
    yield call(downloadText, doc, recordFileName(action.payload, format), typeof body === 'string' ? body : JSON.stringify(body), MIME[format]);
  } catch {
    // callApi has already reported the failure.
  }
}

export default function* recordExportSaga() {
  yield takeEvery(recordExportRequested.type, exportRecord);
}
