import { screen, waitFor } from '@testing-library/react';
import type { Report } from '@shared/entities/airspace';
import type { MediaPoints } from '@shared/entities/media';
import FlightReplay from '../../../src/features/airspace/FlightReplay';
import { replayPhotoOpened, replayPhotosRequested, selectReplayPhotos } from '../../../src/features/airspace/replayPhotos';
import { selectMedia } from '../../../src/features/media';
import { photo } from '../media/mediaFixtures';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, whenStore, type Route } from '../support/testStore';

const track: Pick<Report, 'track' | 'track_times' | 'samples'> = {
  track: {
    type: 'LineString',
    coordinates: [
      [114, 22, 0],
      [114.001, 22, 40],
    ],
  },
  track_times: [1_000_000, 1_010_000],
  samples: null,
};
const report = { id: 7, takeoff_at: '2026-11-20T01:00:00.000Z', duration_s: 10, ...track } as Report;

/** Two photos of record 7 along its track, the second with defects. */
const points: MediaPoints = {
  points: [
    [31, 22, 114.0005, 'photo', false],
    [32, 22, 114.001, 'photo', true],
  ],
  truncated: false,
};

const storeWith = (pointsRoute: Route = () => points) =>
  createTestStore({
    'GET /Media/': () => ({ items: [], total: 0 }),
    'GET /Media/points/': pointsRoute,
    'GET /Media/32/': () => photo(32, 'DJI_0032_W.JPG', { flight_record_id: 7 }),
  });

describe('replay photos', () => {
  it("reads the record's photos with a position, and keeps only the answer for the record asked last", async () => {
    const test = storeWith();
    test.store.dispatch(replayPhotosRequested(7));
    await whenStore(test.store, () => selectReplayPhotos(test.store.getState()).length === 2);
    expect(test.calls.find((c) => c.path === '/Media/points/')?.options?.query).toEqual({ flight_record_id: 7, type: 'photo' });
    expect(selectReplayPhotos(test.store.getState())).toEqual(points.points);
    // Another record's replay starts empty (no markers of the previous record meanwhile).
    test.store.dispatch(replayPhotosRequested(8));
    expect(selectReplayPhotos(test.store.getState())).toEqual([]);
  });

  it("opens a photo in its record's media library with its preview open, though the photo is not on the list's page", async () => {
    const test = storeWith();
    test.store.dispatch(replayPhotoOpened({ recordId: 7, mediaId: 32 }));
    expect(test.navigations).toEqual(['/Media?flight_record_id=7']);
    expect(selectMedia(test.store.getState()).filters).toMatchObject({ flight_record_id: '7', type: '' });
    await whenStore(test.store, () => selectMedia(test.store.getState()).previewItem?.id === 32);
    expect(selectMedia(test.store.getState()).previewId).toBe(32);
    expect(test.calls.find((c) => c.path === '/Media/')?.options?.query).toMatchObject({ flight_record_id: 7 });
  });

  it('draws a camera where each photo of the record was taken; a click opens it in the media library', async () => {
    const test = storeWith();
    renderWithStore(<FlightReplay report={report} onExport={jest.fn()} />, test.store);
    const map = await screen.findByRole('region', { name: '飞行轨迹地图' });
    await waitFor(() => expect(map.querySelectorAll('.replay-photo')).toHaveLength(2));
    const [plain, withDefects] = Array.from(map.querySelectorAll<HTMLElement>('.replay-photo'));
    expect(plain).toHaveAttribute('title', '照片 31');
    expect(withDefects).toHaveAttribute('title', '照片 32（有缺陷）');
    expect(withDefects).toHaveClass('replay-photo-defects');
    withDefects.click();
    expect(test.actions).toContainEqual(replayPhotoOpened({ recordId: 7, mediaId: 32 }));
    expect(test.navigations).toEqual(['/Media?flight_record_id=7']);
    await whenStore(test.store, () => selectMedia(test.store.getState()).previewId === 32);
  });
});
