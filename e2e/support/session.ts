import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginThroughPage } from './browser';
import { startServer, type RunningServer } from './server';

type Viewport = { width: number; height: number };

export interface BrowserSessionOptions {
  /** The server's environment (see startServer). */
  env?: Record<string, string>;
  /** Prepares and returns the server's DATA_DIR before it starts (e.g. offline tile packages in it). */
  dataDir?: () => string;
  viewport?: Viewport;
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
  /** Another page in a context of its own (another user signed in beside the first), closed after the test. */
  newPage(viewport?: Viewport): Promise<Page>;
  /**
   * Stops the server, runs `whileDown` (what the page shows meanwhile), then starts it again on the same port, data and
   * environment: the test's pages reconnect to the same address.
   */
  restartServer(whileDown?: () => Promise<void>): Promise<void>;
}

const DEFAULT_VIEWPORT = { width: 1600, height: 900 };

/**
 * The one lifecycle of the browser tests: a real server (and browser) per file, a fresh page (own context) per test,
 * everything closed afterwards. Call it at the top of an e2e file, or of a describe block that needs a server of its own.
 */
export function useBrowserSession(options: BrowserSessionOptions = {}): BrowserSession {
  const state = {} as { server: RunningServer; browser: Browser; page: Page };
  let extraPages: Page[] = [];
  const openPage = async (viewport: Viewport) => {
    const page = await state.browser.newPage({ viewport });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    return page;
  };
  beforeAll(async () => {
    state.server = await startServer(options.env, { dataDir: options.dataDir?.() });
    await options.afterServer?.(state.server);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  beforeEach(async () => {
    state.page = await openPage(options.viewport ?? DEFAULT_VIEWPORT);
    await options.onPage?.(state.page, state.server);
  });
  afterEach(async () => {
    await Promise.all([state.page, ...extraPages].map((page) => page?.context().close()));
    extraPages = [];
  });
  return {
    get server() {
      return state.server;
    },
    get browser() {
      return state.browser;
    },
    get page() {
      return state.page;
    },
    async newPage(viewport = options.viewport ?? DEFAULT_VIEWPORT) {
      const page = await openPage(viewport);
      extraPages.push(page);
      return page;
    },
    async restartServer(whileDown) {
      const { dataDir } = state.server;
      const port = new URL(state.server.url).port;
      await state.server.stop();
      await whileDown?.();
      state.server = await startServer({ ...options.env, PORT: port }, { dataDir });
    },
  };
}

/** Signs in as admin through the login page and waits for the landing page (/Tas). */
export async function signInAsAdmin(page: Page, server: RunningServer): Promise<void> {
  await loginThroughPage(page, server.url, 'admin', server.adminPassword);
  await page.getByRole('heading', { name: '态势感知' }).waitFor();
}
