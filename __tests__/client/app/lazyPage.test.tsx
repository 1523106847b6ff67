import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Outlet } from 'react-router-dom';
import { ChunkLoadError, lazyPage, loadPage, PRELOAD_ERROR_EVENT } from '../../../src/app/lazyPage';
import { createAppNavigator } from '../../../src/app/navigator';
import { AppRoutes } from '../../../src/app/router';
import { createTestI18n } from '../support/i18n';

const failingChunk = () => Promise.reject(new Error('Loading chunk 42 failed'));

describe('loadPage', () => {
  it('loads the page module', async () => {
    const Page = () => null;
    await expect(loadPage(async () => ({ default: Page }))).resolves.toEqual({ default: Page });
  });

  it('fires a cancelable preload-error event and rethrows', async () => {
    const seen: CustomEvent[] = [];
    const listener = (event: Event) => seen.push(event as CustomEvent);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    await expect(loadPage(failingChunk)).rejects.toBeInstanceOf(ChunkLoadError);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(seen).toHaveLength(1);
    expect(seen[0].cancelable).toBe(true);
    expect((seen[0].detail as Error).message).toBe('Loading chunk 42 failed');
  });

  it('does not rethrow when a listener cancels the event', async () => {
    const cancel = (event: Event) => event.preventDefault();
    window.addEventListener(PRELOAD_ERROR_EVENT, cancel);
    await expect(loadPage(failingChunk)).resolves.toHaveProperty('default');
    window.removeEventListener(PRELOAD_ERROR_EVENT, cancel);
  });
});

describe('app routes', () => {
  // React reports every error a boundary catches on console.error; these tests cause such errors on purpose.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  const renderRoutes = (routes: Parameters<typeof AppRoutes>[0]['routes']) =>
    render(
      <I18nextProvider i18n={createTestI18n('zh-cn')}>
        <MemoryRouter>
          <AppRoutes routes={routes} navigator={createAppNavigator()} />
        </MemoryRouter>
      </I18nextProvider>,
    );

  it('a page whose chunk fails shows a reload message instead of a blank page', async () => {
    const Failing = lazyPage(failingChunk);
    renderRoutes([{ path: '/', element: <Failing /> }]);
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('a page that throws while rendering shows the error page with its message', async () => {
    const Broken = () => {
      throw new Error('bad telemetry');
    };
    renderRoutes([{ path: '/', element: <Broken /> }]);
    expect(await screen.findByText('bad telemetry')).toBeInTheDocument();
  });

  it('loads a layout and its page at the same time, not one after the other', async () => {
    const started: string[] = [];
    let finishLayout: (module: { default: ComponentType }) => void = () => undefined;
    const Layout = lazyPage(() => {
      started.push('layout');
      return new Promise((resolve) => (finishLayout = resolve));
    });
    const Page = lazyPage(async () => {
      started.push('page');
      return { default: () => <p>page body</p> };
    });
    renderRoutes([{ path: '/', element: <Layout />, children: [{ index: true, element: <Page /> }] }]);
    await waitFor(() => expect(started).toEqual(['layout', 'page']));
    finishLayout({ default: () => <Outlet /> });
    expect(await screen.findByText('page body')).toBeInTheDocument();
  });
});
