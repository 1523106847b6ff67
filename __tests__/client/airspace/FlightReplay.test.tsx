import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Report } from '@shared/entities/airspace';
import FlightReplay from '../../../src/features/airspace/FlightReplay';
import { photo } from '../media/mediaFixtures';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, type Route } from '../support/testStore';

// Leaflet needs a real browser (e2e/flightRecords.e2e.ts draws it); here the map shows what it was given.
jest.mock('../../../src/features/airspace/ReplayMap', () => ({
  __esModule: true,
  default: ({ label, track, position }: { label: string; track: unknown; position: [number, number] }) => (
    <div role="region" aria-label={label} data-track={JSON.stringify(track)}>
      {position.map((v) => v.toFixed(5)).join(',')}
    </div>
  ),
}));

const report: Report = {
  id: 7,
  project_name: null,
  device_name: null,
  pilot_name: null,
  created_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-20T01:00:00.000Z',
  plan_id: null,
  project_id: null,
  device_id: 1,
  takeoff_at: '2026-11-20T01:00:00.000Z',
  landing_at: '2026-11-20T01:00:20.000Z',
  duration_s: 20,
  distance_m: 300,
  max_alt: 40,
  track: {
    type: 'LineString',
    coordinates: [
      [114, 22, 0],
      [114.001, 22, 40],
      [114.001, 22.002, 30],
    ],
  },
  source: 'auto',
  corrected: false,
  task_id: null,
  pilot_id: null,
  gateway_sn: 'RC-1',
  device_sn: 'AC-1',
  takeoff_lat: 22,
  takeoff_lng: 114,
  landing_lat: 22.002,
  landing_lng: 114.001,
  battery_used_pct: 5,
  progress_percent: null,
  track_times: [1_000_000, 1_010_000, 1_020_000],
  samples: { speed: [0, 8, 6], battery: [90, 88, 85] },
};

/** The record's videos as GET /api/Media/ lists them (none unless a test gives some). */
const noVideos: Route = () => ({ items: [], total: 0 });

const renderReplay = (value: Report, onExport = jest.fn(), language: 'zh-cn' | 'en' = 'zh-cn', videos: Route = noVideos) => {
  const test = createTestStore({ 'GET /Media/': videos, 'GET /Media/points/': () => ({ points: [], truncated: false }) });
  renderWithStore(<FlightReplay report={value} onExport={onExport} />, test.store, language);
  return Object.assign(onExport, { calls: test.calls });
};

describe('FlightReplay', () => {
  afterEach(() => jest.useRealTimers());

  it('the slider moves the aircraft along the track and the readout and charts follow it', async () => {
    renderReplay(report);
    const map = await screen.findByRole('region', { name: '飞行轨迹地图' });
    expect(map).toHaveTextContent('22.00000,114.00000');
    expect(JSON.parse(map.dataset.track!)).toEqual([
      [22, 114],
      [22, 114.001],
      [22.002, 114.001],
    ]);
    const slider = screen.getByRole('slider', { name: '回放时间' });
    fireEvent.change(slider, { target: { value: 15 } });
    // Half-way along the second leg (10 s → 20 s).
    expect(map).toHaveTextContent('22.00100,114.00100');
    expect(screen.getByLabelText('回放读数')).toHaveTextContent('0:15 / 0:20 高度 35 m 速度 8 m/s 电量 88 %');
    for (const name of ['高度 (m)', '速度 (m/s)', '电量 (%)']) expect(screen.getByRole('figure', { name })).toBeInTheDocument();
  });

  it('play advances the replay at the chosen rate and stops at landing; pause holds it', async () => {
    jest.useFakeTimers();
    renderReplay(report);
    const map = await screen.findByRole('region', { name: '飞行轨迹地图' });
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    // 5× by default: 1 s of replay time per 200 ms tick.
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByLabelText('回放读数')).toHaveTextContent('0:05 / 0:20');
    expect(map).toHaveTextContent('22.00000,114.00050');
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByLabelText('回放读数')).toHaveTextContent('0:05 / 0:20');
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByLabelText('回放读数')).toHaveTextContent('0:20 / 0:20');
    expect(screen.getByRole('button', { name: '播放' })).toBeInTheDocument();
  });

  it('exports in each format, in English too', async () => {
    const onExport = renderReplay(report, jest.fn(), 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Export KML' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export GeoJSON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport.mock.calls).toEqual([['kml'], ['geojson'], ['csv']]);
  });

  it('a record without a track says so and offers no export', () => {
    renderReplay({ ...report, track: null, track_times: null, samples: null });
    expect(screen.getByText('无轨迹')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(within(document.body).getByRole('button', { name: '导出 KML' })).toBeDisabled();
  });

  it("plays the record's recorded video in step with the slider, and says when no video covers the moment", async () => {
    // Recorded from 5 s after the first track point (1_000_000 ms) for 10 s.
    const recording = photo(41, 'REC_99-0-0_normal-0.mp4', {
      type: 'video',
      mime: 'video/mp4',
      source: 'live',
      taken_at: new Date(1_005_000).toISOString(),
      duration_ms: 10_000,
      flight_record_id: 7,
    });
    const replay = renderReplay(report, jest.fn(), 'zh-cn', () => ({ items: [recording], total: 1 }));
    const region = await screen.findByRole('region', { name: '飞行录像' });
    expect(replay.calls.find((c) => c.path === '/Media/')?.options?.query).toMatchObject({ flight_record_id: 7, type: 'video' });
    // Second 0: before the recording.
    expect(region).toHaveTextContent('此刻无录像');
    const slider = screen.getByRole('slider', { name: '回放时间' });
    fireEvent.change(slider, { target: { value: 8 } });
    const video = region.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(recording.url);
    expect(video.currentTime).toBeCloseTo(3, 5);
    fireEvent.change(slider, { target: { value: 14.5 } });
    expect(video.currentTime).toBeCloseTo(9.5, 5);
    fireEvent.change(slider, { target: { value: 16 } });
    expect(region).toHaveTextContent('此刻无录像');
  });

  it('shows no video region for a record without recordings', async () => {
    const replay = renderReplay(report);
    await screen.findByRole('region', { name: '飞行轨迹地图' });
    expect(replay.calls.map((c) => c.path).sort()).toEqual(['/Media/', '/Media/points/']);
    expect(screen.queryByRole('region', { name: '飞行录像' })).not.toBeInTheDocument();
  });
});
