import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium, never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export async function loginThroughPage(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}#/login`);
  await page.getByLabel(/用户名|Username/).fill(username);
  await page.getByLabel(/密码|Password/).fill(password);
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
}
