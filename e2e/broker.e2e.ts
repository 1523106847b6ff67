import { loginThroughPage } from './support/browser';
import { useBrowserSession } from './support/session';
import { simulatedBridgeEnv } from './support/staticDir';

jest.setTimeout(120_000);

// Frequent sysinfo so the restarted server republishes weather quickly; the simulated bridge for the second test.
const session = useBrowserSession({ env: { MQTT_SYSINFO_INTERVAL_MS: '1000', ...simulatedBridgeEnv() } });

const brokerStatus = (status: string, connected: boolean) =>
  session.page.waitForFunction(
    ([expected, equal]) => (document.querySelector('[data-testid=broker-indicator]')?.getAttribute('data-status') === expected) === equal,
    [status, connected] as const,
    { timeout: 30_000 },
  );

test('after login the broker connects, weather shows; a broker restart shows "reconnecting" then recovers', async () => {
  const { page } = session;
  const consoleErrors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  await loginThroughPage(page, session.server.url, 'admin', session.server.adminPassword);

  await page.getByText('消息服务连接成功').waitFor({ timeout: 15_000 });
  const indicator = page.getByTestId('broker-indicator');
  await brokerStatus('connected', true);
  expect(await indicator.getAttribute('aria-label')).toBe('消息服务：已连接');
  await page
    .getByTestId('broker-weather')
    .getByText(/风速 [\d.]+ m\/s · -?[\d.]+°C/)
    .waitFor({ timeout: 15_000 });
  // mqtt.js runs its keepalive timer in a blob: worker; a CSP that blocks it shows up here.
  expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

  // Kill the server (and so its embedded broker), then bring it back on the same port and data.
  await session.restartServer(async () => {
    await page.getByText('正在重新连接…').waitFor({ timeout: 20_000 });
    await brokerStatus('connected', false);
  });
  await brokerStatus('connected', true);
  await page.getByText('消息服务连接成功').waitFor({ timeout: 10_000 });
});

test('inside the controller bridge the broker connects without the success toast', async () => {
  const { page } = session;
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Collect every toast text the page ever shows.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('.MuiAlert-message')) seen.push(alert.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${session.server.url}?djibridge=sim#/djiapp/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(session.server.adminPassword);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('region', { name: '消息服务' }).getByText('已连接').waitFor({ timeout: 15_000 });
  // The success toast is put right after the status, in the same saga step: whatever React renders for both is
  // committed before the second frame from here.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const toasts = await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
  expect(toasts.filter((t) => t.includes('消息服务连接成功'))).toEqual([]);
});
