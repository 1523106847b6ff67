import { loginThroughPage } from './support/browser';
import { useBrowserSession } from './support/session';

jest.setTimeout(300_000);

const session = useBrowserSession({ viewport: { width: 1920, height: 1080 } });

/** Every screen a read-only viewer can open from the menu. */
const VIEWER_SCREENS: Array<[string, string]> = [
  ['/Device/UAV', '无人机管理'],
  ['/Task/UAV', '无人机任务'],
  ['/AirSpace/Apply', '空域申请'],
  ['/AirSpace/Plan', '飞行计划'],
  ['/AirSpace/Report', '飞行报告'],
  ['/Map/Index', '地图'],
  ['/Map/Point', '点'],
  ['/Map/Polyline', '线'],
  ['/Map/Polygon', '面'],
  ['/Tas', '态势'],
];

/** Write controls by their accessible names (create, edit, delete, workflow steps, row action menus, draw, import, upload). */
const WRITE_CONTROL = /^(新建|编辑|删除|保存|提交|批准|驳回|撤销|受理|拒绝|标记已飞|排期|开始|完成|失败|取消任务|重试|导入|绘制|上传|轮换密钥|.+ 的操作)(\s|$)/;

test('a viewer finds no write control on any screen, and no error toast from lookups', async () => {
  const { page, server } = session;
  const toasts: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403) toasts.push(`403 ${response.url()}`);
  });
  await loginThroughPage(page, server.url, 'viewer1', server.demoPasswords.viewer1);
  await page.getByRole('navigation', { name: '主菜单' }).waitFor();
  for (const [path] of VIEWER_SCREENS) {
    await page.goto(`${server.url}#${path}`);
    await page.getByRole('main').waitFor();
    // Lists have loaded (a row, or the empty text) before the controls are counted.
    await page.waitForLoadState('networkidle');
    const buttons = await page.getByRole('button').evaluateAll((nodes) => nodes.map((n) => (n.getAttribute('aria-label') ?? n.textContent ?? '').trim()));
    expect([path, buttons.filter((name) => WRITE_CONTROL.test(name))]).toEqual([path, []]);
    expect([path, await page.locator('input[type=file]').count()]).toEqual([path, 0]);
    expect([path, await page.locator('.leaflet-pm-toolbar').count()]).toEqual([path, 0]);
    expect([
      path,
      await page
        .getByRole('alert')
        .filter({ hasText: /权限|失败/ })
        .count(),
    ]).toEqual([path, 0]);
  }
  // Lookups the viewer may not make are never made: no 403 on the way.
  expect(toasts).toEqual([]);
  // Names, not ids: the task list names the pilot.
  await page.goto(`${server.url}#/Task/UAV`);
  await page.getByRole('row').nth(1).waitFor();
  expect(await page.getByRole('gridcell', { name: /^#\d+$/ }).count()).toBe(0);
});

test('the QA panel and its shortcut are there for the QA engineer only', async () => {
  for (const [user, expected] of [
    ['viewer1', 0],
    ['qa1', 1],
  ] as const) {
    // Each user in a context of their own.
    const page = await session.newPage({ width: 1366, height: 768 });
    const { server } = session;
    await loginThroughPage(page, server.url, user, server.demoPasswords[user]);
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
    expect([user, await page.getByRole('menuitem', { name: /QA/ }).count()]).toEqual([user, expected]);
    await page.keyboard.press('Escape');
    // Whether the page took the shortcut (the panel opens only then), read by a listener that runs after the app's.
    type Taken = { qaShortcutTaken?: boolean };
    await page.evaluate(() =>
      window.addEventListener('keydown', (e) => {
        if (e.code === 'KeyQ') (window as Taken).qaShortcutTaken = e.defaultPrevented;
      }),
    );
    await page.keyboard.press('Control+Shift+KeyQ');
    const taken = await page.waitForFunction(() => {
      const value = (window as Taken).qaShortcutTaken;
      return value === undefined ? null : String(value);
    });
    expect([user, await taken.jsonValue()]).toEqual([user, String(expected === 1)]);
    if (expected) await page.getByRole('dialog', { name: /QA/ }).waitFor();
    else expect(await page.getByRole('dialog', { name: /QA/ }).count()).toBe(0);
  }
});
