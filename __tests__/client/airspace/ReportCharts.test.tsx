import { screen, within } from '@testing-library/react';
import ReportCharts, { type ChartInfo } from '../../../src/features/airspace/ReportCharts';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';

const data: ChartInfo = {
  from: '2026-11-19',
  to: '2026-11-21',
  flightsPerDay: [
    { date: '2026-11-19', count: 2 },
    { date: '2026-11-20', count: 0 },
    { date: '2026-11-21', count: 3 },
  ],
  hoursPerDevice: [{ deviceId: 1, name: '巡检一号', hours: 1.25 }],
  statusCounts: { plans: { accepted: 3 }, devices: { online: 2 } },
};

const empty: ChartInfo = { from: '2026-11-19', to: '2026-11-21', flightsPerDay: [], hoursPerDevice: [], statusCounts: {} };

describe('ReportCharts', () => {
  it('labels the axes, names the devices on the bars and writes values in the app language', () => {
    renderWithStore(<ReportCharts data={data} />, createTestStore().store);
    const perDay = screen.getByRole('figure', { name: '每日飞行架次' });
    expect(within(perDay).getAllByText('日期').length).toBeGreaterThan(0);
    expect(within(perDay).getAllByText('架次').length).toBeGreaterThan(0);
    const perDevice = screen.getByRole('figure', { name: '各设备飞行时长 (小时)' });
    expect(within(perDevice).getAllByText('巡检一号').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('figure', { name: '飞行计划状态占比' })).getAllByText('3').length).toBeGreaterThan(0);
  });

  it('shows the translated empty state, never "No data to display"', () => {
    renderWithStore(<ReportCharts data={empty} />, createTestStore().store);
    expect(screen.getAllByText('暂无数据').length).toBe(4);
    expect(screen.queryByText(/No data/)).not.toBeInTheDocument();
  });
});
