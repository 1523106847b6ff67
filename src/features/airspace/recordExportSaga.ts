import { createAction } from '@reduxjs/toolkit';
import { call, getContext, takeEvery } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { HttpClient } from '../../api/client';
import { downloadText } from '../../crud/csv';

export const RECORD_EXPORT_FORMATS = ['geojson', 'kml', 'csv'] as const;
export type RecordExportFormat = (typeof RECORD_EXPORT_FORMATS)[number];

/** Download one flight record as a file (GET /api/Airspace/Report/{id}/{format}/). */
export const recordExportRequested = createAction<{ id: number; format: RecordExportFormat; fileName: string }>('airspace/recordExportRequested');

const MIME: Record<RecordExportFormat, string> = {
  geojson: 'application/geo+json;charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

// The client hands back the body parsed when it is JSON (GeoJSON) and as text otherwise (KML, CSV).
const getRecordFile = (client: HttpClient, id: number, format: RecordExportFormat) => client.request<unknown>('GET', `/Airspace/Report/${id}/${format}/`);

function* exportRecord(action: ReturnType<typeof recordExportRequested>) {
  const { id, format, fileName } = action.payload;
  try {
    const body: unknown = yield* callApi(getRecordFile, id, format);
    const doc: Document = yield getContext('document');
    yield call(downloadText, doc, fileName, typeof body === 'string' ? body : JSON.stringify(body), MIME[format]);
  } catch {
    // callApi has already reported the failure.
  }
}

export default function* recordExportSaga() {
  yield takeEvery(recordExportRequested.type, exportRecord);
}
