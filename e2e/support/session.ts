import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginThroughPage } from './browser';
import { startServer, type RunningServer } from './server';

export interface BrowserSessionOptions {
  /** The server's environment (see startServer). */
  env?: Record<string, string>;
  /** Prepares and returns the server's DATA_DIR before it starts (e.g. offline tile packages in it). */
  dataDir?: () => string;
  viewport?: { width: number; height: number };
  /** Runs once the server is up, before the browser starts (a simulator, fixtures through the API…). */
  afterServer?: (server: RunningServer) => Promise<void>;
  /** Runs on each test's fresh page before the test (listeners, signing in). */
  onPage?: (page: Page, server: RunningServer) => Promise<void>;
}

/** The server, browser and current page of an e2e file; read its fields inside hooks and tests. */
export interface BrowserSession {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly page: Page;
}

const DEFAULT_VIEWPORT = { width: 1600, height: 900 };

/**
 * The one lifecycle of the browser tests: a real server (and browser) per file, a fresh page (own context) per test,
 * everything closed afterwards. Call it at the top of an e2e file.
 */
export function useBrowserSession(options: BrowserSessionOptions = {}): BrowserSession {
  const session = {} as { server: RunningServer; browser: Browser; page: Page };
  beforeAll(async () => {
    session.server = await startServer(options.env, { dataDir: options.dataDir?.() });
    await options.afterServer?.(session.server);
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  beforeEach(async () => {
    session.page = await session.browser.newPage({ viewport: options.viewport ?? DEFAULT_VIEWPORT });
    session.page.on('pageerror', (error) => console.error('page error:', error.message));
    await options.onPage?.(session.page, session.server);
  });
  afterEach(async () => {
    await session.page?.context().close();
  });
  return session;
}

/** Signs in as admin through the login page and waits for the landing page (/Tas). */
export async function signInAsAdmin(page: Page, server: RunningServer): Promise<void> {
  await loginThroughPage(page, server.url, 'admin', server.adminPassword);
  await page.getByRole('heading', { name: '态势感知' }).waitFor();
}
