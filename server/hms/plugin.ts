import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fetchTableText, HmsCatalogue, installCopy, loadNewestCopy, storedCopyPath } from './catalogue';

/** Where the HMS table comes from (HMS_FILE, HMS_URL, HMS_FETCH_TIMEOUT_MS; docs/deploy.md). */
export interface HmsConfig {
  /** A copy an operator provides; the newer of it and the server's stored copy is used. */
  file?: string;
  /** DJI's published table, fetched at start and daily; null (HMS_URL=off) never fetches. */
  url: string | null;
  fetchTimeoutMs: number;
}

/** A running server looks for a newer published table this often. */
const REFRESH_MS = 24 * 3600 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    hms: HmsCatalogue;
  }
}

/**
 * The HMS text table (docs/mqtt.md "HMS texts"): at start the newest copy the server has (DATA_DIR/dji/hms.json or
 * HMS_FILE), else our own table; then, without holding the start up, DJI's published table, kept as the stored copy
 * and used from then on. A fetch that fails leaves the table in use as it was and says so in the log.
 */
export default fp(
  async (app: FastifyInstance, options: { config: HmsConfig; dataDir: string }) => {
    const { config, dataDir } = options;
    const log = app.log.child({ module: 'hms' });
    const catalogue = new HmsCatalogue();
    const copy = await loadNewestCopy([...(config.file ? [config.file] : []), storedCopyPath(dataDir)], (err, file) =>
      log.warn({ err, file }, 'hms: a copy of the HMS table is unreadable; passed over'),
    );
    if (copy) catalogue.use(copy.table, copy.source);
    log.info({ source: catalogue.current.source, codes: catalogue.current.table.codes }, 'hms: text table loaded');
    app.decorate('hms', catalogue);
    const { url } = config;
    if (!url) return;

    const closing = new AbortController();
    const refresh = async () => {
      try {
        const text = await fetchTableText(url, config.fetchTimeoutMs, closing.signal);
        const table = await installCopy(dataDir, text, url);
        catalogue.use(table, url);
        log.info({ url, codes: table.codes }, "hms: DJI's published table fetched and kept");
      } catch (err) {
        if (!closing.signal.aborted)
          log.warn({ err, url, using: catalogue.current.source }, "hms: DJI's published table could not be fetched; the table in use stays");
      }
    };
    let running: Promise<void> | undefined;
    const start = () => void (running ??= refresh().finally(() => (running = undefined)));
    app.addHook('onReady', async () => start());
    const timer = setInterval(start, REFRESH_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      closing.abort();
      await running;
    });
  },
  { name: 'skyline-hms' },
);
