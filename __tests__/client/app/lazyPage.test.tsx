import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ChunkLoadError, lazyPage, PRELOAD_ERROR_EVENT } from '../../../src/app/lazyPage';
import { createI18n } from '../../../src/features/i18n/i18n';
import RouteErrorPage from '../../../src/features/pages/RouteErrorPage';

const failingChunk = () => Promise.reject(new Error('Loading chunk 42 failed'));

describe('lazyPage', () => {
  it('loads the page component', async () => {
    const Page = () => null;
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });

  it('fires a cancelable preload-error event and rethrows', async () => {
    const seen: CustomEvent[] = [];
    const listener = (event: Event) => seen.push(event as CustomEvent);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    await expect(lazyPage(failingChunk)()).rejects.toBeInstanceOf(ChunkLoadError);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(seen).toHaveLength(1);
    expect(seen[0].cancelable).toBe(true);
    expect((seen[0].detail as Error).message).toBe('Loading chunk 42 failed');
  });

  it('does not rethrow when a listener cancels the event', async () => {
    const cancel = (event: Event) => event.preventDefault();
    window.addEventListener(PRELOAD_ERROR_EVENT, cancel);
    await expect(lazyPage(failingChunk)()).resolves.toHaveProperty('Component');
    window.removeEventListener(PRELOAD_ERROR_EVENT, cancel);
  });

  it('a page whose chunk fails shows a reload message instead of a blank page', async () => {
    const router = createMemoryRouter([{ path: '/', lazy: lazyPage(failingChunk), errorElement: <RouteErrorPage /> }]);
    render(
      <I18nextProvider i18n={createI18n('zh-cn')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });
});
