import type { Page } from 'playwright-core';
import { loginThroughPage } from './support/browser';
import { useBrowserSession } from './support/session';

jest.setTimeout(90_000);

const session = useBrowserSession();

const hashPath = (p: Page) => new URL(p.url()).hash.replace(/^#/, '').split('?')[0];

test('an unknown path shows the 404 page', async () => {
  await session.page.goto(`${session.server.url}#/no/such/page`);
  await session.page.getByRole('heading', { name: /404/ }).waitFor();
  expect(hashPath(session.page)).toBe('/404');
});

test('log in through the page, open more than 8 menu pages, the oldest tab goes', async () => {
  await loginThroughPage(session.page, session.server.url, 'admin', session.server.adminPassword);
  await session.page.getByRole('heading', { name: '态势感知' }).waitFor();
  expect(hashPath(session.page)).toBe('/Tas');

  const nav = session.page.getByRole('navigation', { name: '主菜单' });
  const visits: Array<[group: string, link: string]> = [
    ['设备管理', '无人机管理'],
    ['空域管理', '空域申请'],
    ['空域管理', '飞行计划报备'],
    ['空域管理', '飞行数据报告'],
    ['GIS地图', '地图总览'],
    ['GIS地图', '点要素'],
    ['GIS地图', '线要素'],
    ['GIS地图', '面要素'],
  ];
  for (const [group, link] of visits) {
    const linkLocator = nav.getByRole('link', { name: link });
    if (!(await linkLocator.isVisible())) await nav.getByRole('button', { name: group }).click();
    await linkLocator.click();
    await session.page.getByRole('heading', { name: link }).waitFor();
  }
  const tabs = session.page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab');
  await expect(tabs).toHaveCountEventually(8);
  const titles = await tabs.allTextContents();
  expect(titles).not.toContain('态势感知');
  expect(titles[0]).toBe('无人机管理');
  expect(titles[7]).toBe('面要素');

  // Closing the page on screen moves to its neighbour.
  await session.page.getByRole('button', { name: '关闭 面要素' }).click();
  await session.page.getByRole('heading', { name: '线要素' }).waitFor();
  expect(await tabs.count()).toBe(7);
});

test('the language choice persists across a reload, and <html lang> follows it', async () => {
  await loginThroughPage(session.page, session.server.url, 'admin', session.server.adminPassword);
  await session.page.getByRole('heading', { name: '态势感知' }).waitFor();
  await session.page.getByLabel('语言').selectOption('en');
  await session.page.getByRole('heading', { name: 'Situational view' }).waitFor();
  await session.page.reload();
  await session.page.getByRole('heading', { name: 'Situational view' }).waitFor();
  expect(await session.page.locator('html').getAttribute('lang')).toBe('en');
  expect(await session.page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
});

test('log out returns to the login page and protected pages need a login again', async () => {
  await loginThroughPage(session.page, session.server.url, 'admin', session.server.adminPassword);
  await session.page.getByRole('heading', { name: '态势感知' }).waitFor();
  const token = await session.page.evaluate(() => localStorage.getItem('token'));
  await session.page.getByRole('button', { name: '用户菜单' }).click();
  await session.page.getByRole('menuitem', { name: '退出登录' }).click();
  await session.page.getByLabel(/用户名/).waitFor();
  expect(hashPath(session.page)).toBe('/login');
  expect(await session.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The server revoked the old token.
  const status = await session.page.evaluate(async (t) => (await fetch('/api/logininfo/', { headers: { Authorization: `Bearer ${t}` } })).status, token);
  expect(status).toBe(401);

  // The login form is already on screen, so wait for the guard's redirect itself.
  await session.page.goto(`${session.server.url}#/Device/UAV`);
  await session.page.waitForURL((url) => url.hash.startsWith('#/login'));
  expect(new URL(session.page.url()).hash).toBe(`#/login?redirect=${encodeURIComponent('/Device/UAV')}`);
  await session.page.getByLabel(/用户名/).waitFor();
});

test('a wrong password is reported on the form, in the app language', async () => {
  await loginThroughPage(session.page, session.server.url, 'admin', 'not-the-password');
  await session.page.getByText('登录失败：用户名或密码错误').waitFor();
  expect(hashPath(session.page)).toBe('/login');
});

test('the documentation page renders docs/', async () => {
  await session.page.goto(`${session.server.url}#/test`);
  await session.page.getByRole('heading', { name: 'Skyline Ops console', level: 1 }).waitFor();
  expect(await session.page.getByRole('navigation', { name: '目录' }).isVisible()).toBe(true);
});
