import { act, screen } from '@testing-library/react';
import { brokerStatusChanged, type BrokerStatus } from '../../../src/features/broker/brokerSlice';
import { renderWithStore } from '../support/renderWithStore';
import SituationPage from '../../../src/features/situation/SituationPage';
import { createTestStore } from '../support/testStore';

function setup(language: 'zh-cn' | 'en') {
  const { store } = createTestStore({ 'GET /Project/': () => ({ items: [], total: 0 }), 'GET /Airspace/Apply/': () => ({ items: [], total: 0 }) });
  renderWithStore(<SituationPage />, store, language);
  return store;
}

describe('/Tas header', () => {
  it.each<['zh-cn' | 'en', BrokerStatus, string]>([
    ['zh-cn', 'connected', '实时通道: 已连接'],
    ['zh-cn', 'reconnecting', '实时通道: 重新连接中'],
    ['en', 'connected', 'Live channel: connected'],
    ['en', 'error', 'Live channel: connection failed'],
  ])('shows the live channel status translated (%s, %s)', async (language, status, text) => {
    const store = setup(language);
    act(() => void store.dispatch(brokerStatusChanged({ status })));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
