import { act, screen, within } from '@testing-library/react';
import { brokerStatusChanged, messagesReceived } from '../../../src/features/broker/brokerSlice';
import { summariseBatch } from '../../../src/features/broker/batch';
import { loggedInState, renderApp } from '../support/renderApp';

const weather = {
  at: 1,
  source: 'simulated',
  stations: [
    {
      areaId: 'default',
      name: 'Shenzhen',
      windSpeed: 12.5,
      windDirection: 90,
      gust: 15,
      temperature: 27.5,
      humidity: 60,
      visibility: 9000,
      precipitation: 0,
      flyable: false,
      reasons: ['wind', 'gust'],
    },
  ],
};

describe('header: connection indicator and weather', () => {
  it('shows the status dot and, once sysinfo/weather arrived, wind, temperature and the verdict', async () => {
    const { store } = renderApp('/', { preloadedState: loggedInState });
    const indicator = await screen.findByTestId('broker-indicator');
    expect(indicator).toHaveAttribute('data-status', 'idle');
    expect(screen.queryByTestId('broker-weather')).toBeNull();
    act(() => {
      store.dispatch(brokerStatusChanged({ status: 'connected' }));
      store.dispatch(messagesReceived(summariseBatch([{ topic: 'sysinfo/weather', message: weather }], 0, 1)));
    });
    expect(indicator).toHaveAttribute('data-status', 'connected');
    expect(indicator).toHaveAccessibleName('消息服务：已连接');
    const widget = screen.getByTestId('broker-weather');
    expect(widget).toHaveTextContent('风速 12.5 m/s · 27.5°C');
    expect(within(widget).getByText('不适飞')).toBeInTheDocument();
  });

  it('is not shown when logged out', () => {
    renderApp('/login');
    expect(screen.queryByTestId('broker-indicator')).toBeNull();
  });
});
