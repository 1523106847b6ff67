import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { all, call, cancel, fork, put, take, takeLatest, takeLeading, type Effect } from 'redux-saga/effects';
import { TOPIC_MAP } from '@shared/live';
import { brokerEvents, topicChannel, withSubscription, type BrokerEvents, type EventBus } from '../broker';
import { callApi } from '../../api/callApi';
import type { Envelope } from '../../api/client';
import { collectionAction, listResource } from '../../api/resources';
import { fieldErrorsOf } from '../../api/client';
import { rowSettled, saveSucceeded } from '../../crud/resourcesSlice';
import { resourceConfig } from '../../crud/registry';
import type { Application } from '@shared/entities/airspace';
import type { Feature } from '@shared/entities/feature';
import type { Project } from '@shared/entities/project';
import type { ListResult } from '../../crud/types';
import {
  FEATURE_RESOURCE,
  featuresFailed,
  featuresLoaded,
  featuresRequested,
  importFailed,
  importRequested,
  importSucceeded,
  mapHidden,
  mapShown,
  overlaysFailed,
  overlaysLoaded,
  overlaysRequested,
} from './mapSlice';
import type { ImportProblem } from './geojsonImport';
import type { AreaOverlay, MapFeature } from './types';

/** The API's largest page; lists are read page by page up to this many rows. */
export const PAGE_SIZE = 100;
export const MAX_ROWS = 5000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every row of a collection (page by page, the server caps page_size at 100). */
export function* listAll<Row>(path: string, filters: Record<string, string | number> = {}) {
  const rows: Row[] = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const response: Envelope<ListResult<Row>> = yield* callApi(listResource<Row>, path, { ...filters, page, page_size: PAGE_SIZE });
    rows.push(...response.data.items);
    if (response.data.items.length < PAGE_SIZE || rows.length >= response.data.total) break;
  }
  return rows;
}

function* loadFeatures() {
  try {
    const rows: Feature[] = yield* listAll<Feature>(resourceConfig(FEATURE_RESOURCE).path);
    yield put(featuresLoaded(rows.filter((r) => r.geometry && typeof r.geometry === 'object') as unknown as MapFeature[]));
  } catch (error) {
    yield put(featuresFailed(messageOf(error)));
  }
}

const isPolygon = (value: unknown): value is AreaOverlay['area'] => !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'Polygon';

/** One device's serial (null when it cannot be read, e.g. deleted). */
function* loadOverlays() {
  try {
    const [projects, applications]: [Project[], Application[]] = yield all([
      call(listAll, resourceConfig('project').path),
      call(listAll, resourceConfig('airspaceApplication').path, { status: 'approved' }),
    ]);
    yield put(
      overlaysLoaded({
        projects: projects.filter((p) => isPolygon(p.area)).map((p) => ({ id: p.id, name: p.name, area: p.area as AreaOverlay['area'] })),
        airspace: applications.filter((a) => isPolygon(a.area)).map((a) => ({ id: a.id, name: a.purpose, area: a.area as AreaOverlay['area'] })),
      }),
    );
  } catch {
    yield put(overlaysFailed());
  }
}

/** Where a field error of POST /Feature/import/ points: "features.<index>.<field>". */
const IMPORT_FIELD = /^features\.(\d+)\.(.+)$/;

/** The server's reasons for refusing an import, each naming the feature (1-based) and field it is about. */
export function importRefusals(error: unknown): ImportProblem[] {
  const problems = fieldErrorsOf(error).flatMap((e): ImportProblem[] => {
    const match = IMPORT_FIELD.exec(e.field);
    return match ? [{ key: 'map.import.refused', values: { index: Number(match[1]) + 1, message: e.message }, at: `features[${match[1]}].${match[2]}` }] : [];
  });
  return problems.length ? problems : [{ key: 'map.import.failed', values: { message: messageOf(error) } }];
}

/** Saves an imported file's features in one request: the server stores all of them or none (one transaction). */
function* importFeatures(action: ReturnType<typeof importRequested>) {
  try {
    const response: Envelope<{ items: Feature[] }> = yield* callApi(collectionAction<{ items: Feature[] }>, resourceConfig(FEATURE_RESOURCE).path, 'import', {
      features: action.payload.features,
    });
    yield put(importSucceeded({ count: response.data.items.length }));
  } catch (error) {
    yield put(importFailed({ errors: importRefusals(error) }));
  }
  yield put(featuresRequested());
}

function* reloadAfterSave(action: PayloadAction<{ resource: string; ok?: boolean }>) {
  if (action.payload.resource === FEATURE_RESOURCE && action.payload.ok !== false) yield put(featuresRequested());
}

/**
 * While a map page is on screen its features follow sysinfo/map: a change anywhere (another console, the API, a
 * pilot drawing or deleting in DJI Pilot 2) re-reads them; a burst of changes costs one read (takeLatest).
 */
function* followMapChanges(bus: EventBus<BrokerEvents>): Generator<Effect> {
  while (true) {
    yield take(mapShown.type);
    const following: Task = yield fork(withSubscription, TOPIC_MAP, function* () {
      const channel: EventChannel<{ message: unknown }> = yield call(topicChannel, bus, TOPIC_MAP);
      try {
        while (true) {
          yield take(channel);
          yield put(featuresRequested());
        }
      } finally {
        channel.close();
      }
    });
    yield take(mapHidden.type);
    yield cancel(following);
  }
}

export default function* mapSaga(options: { bus?: EventBus<BrokerEvents> } = {}): Generator<Effect> {
  yield all([
    fork(followMapChanges, options.bus ?? brokerEvents),
    takeLatest(featuresRequested.type, loadFeatures),
    takeLatest(overlaysRequested.type, loadOverlays),
    takeLeading(importRequested.type, importFeatures),
    takeLatest([saveSucceeded.type, rowSettled.type], reloadAfterSave),
  ]);
}
