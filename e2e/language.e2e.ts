import type { Locator, Page } from 'playwright-core';
import { adminApi } from './support/api';
import { loginThroughPage } from './support/browser';
import { signInAsAdmin, useBrowserSession } from './support/session';

jest.setTimeout(180_000);

/**
 * Issue 18 "everything in the user's language": the flows whose server messages leaked into the Chinese console in
 * English. Every toast and field error they show must be Chinese: the test fails on any ASCII word in them, except
 * what the user typed and the names of file formats and units.
 */
const UNIVERSAL_WORDS = ['PNG', 'JPEG', 'WebP', 'MB'];

const session = useBrowserSession();
const admin = adminApi(() => session.server);

// Signed in once the landing page shows: navigating earlier races the post-login redirect to /Tas.
const signIn = () => signInAsAdmin(session.page, session.server);

/** The texts of the toasts and field errors on screen now. */
const shownErrors = (p: Page) =>
  p
    .locator('.MuiSnackbar-root, .MuiFormHelperText-root.Mui-error, .MuiAlert-root')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean));

/** Waits for `text` among the toasts and field errors, then checks all of them for English. */
async function expectChineseOnly(p: Page, text: string, typed: string[] = []) {
  await p.locator('.MuiSnackbar-root, .MuiFormHelperText-root, .MuiAlert-root').filter({ hasText: text }).first().waitFor();
  const english = (await shownErrors(p)).flatMap((shown) => {
    let rest = shown;
    for (const allowed of [...typed, ...UNIVERSAL_WORDS]) rest = rest.split(allowed).join(' ');
    return (rest.match(/[A-Za-z]{2,}/g) ?? []).map((word) => `${word} in "${shown}"`);
  });
  expect(english).toEqual([]);
}

async function openNewDevice(): Promise<Locator> {
  await session.page.goto(`${session.server.url}#/Device/UAV`);
  await session.page.getByRole('heading', { name: '无人机管理' }).waitFor();
  await session.page.getByRole('button', { name: '新建' }).click();
  const dialog = session.page.getByRole('dialog', { name: '新建设备' });
  await dialog.getByRole('textbox', { name: '型号' }).fill('M3E');
  return dialog;
}

test('a wrong password says so in Chinese', async () => {
  await loginThroughPage(session.page, session.server.url, 'admin', 'wrong-password');
  await expectChineseOnly(session.page, '登录失败：用户名或密码错误');
});

test('a taken serial, a picture that is not an image and a too-long name, in Chinese', async () => {
  await admin.data('POST', '/Device/', { serial: 'LANG-0001', name: '已登记', model: 'M3E', kind: 'aircraft' });
  await signIn();

  const dialog = await openNewDevice();
  await dialog.getByRole('textbox', { name: '序列号' }).fill('LANG-0001');
  await dialog.getByRole('textbox', { name: '名称' }).fill('重复序列号');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectChineseOnly(session.page, '设备的序列号已被占用', ['LANG-0001']);
  await expectChineseOnly(session.page, '「LANG-0001」已被占用', ['LANG-0001']);

  await dialog.getByRole('textbox', { name: '序列号' }).fill('LANG-0002');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectChineseOnly(session.page, '图片须为 PNG、JPEG 或 WebP 格式', ['LANG-0001', 'LANG-0002']);

  await session.page.keyboard.press('Escape');
  const again = await openNewDevice();
  await again.getByRole('textbox', { name: '序列号' }).fill('LANG-0003');
  await again.getByRole('textbox', { name: '名称' }).fill('长'.repeat(129));
  await again.getByRole('button', { name: '保存' }).click();
  await expectChineseOnly(session.page, '最多 128 个字符', ['LANG-0003']);
});

test('a department still referenced, in Chinese', async () => {
  const dept = await admin.data<{ id: number }>('POST', '/Dept/', { name: '语言测试部门' });
  await admin.data('POST', '/Device/', { serial: 'LANG-0100', name: '部门设备', model: 'M3E', kind: 'aircraft', dept_id: dept.id });
  await signIn();
  await session.page.goto(`${session.server.url}#/app/dept`);
  await session.page.getByText('语言测试部门').first().waitFor();
  await session.page.locator('[role=row], [role=treeitem], li').filter({ hasText: '语言测试部门' }).last().getByRole('button', { name: '删除' }).click();
  await session.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expectChineseOnly(session.page, '删除失败：该部门仍被其他记录引用，请先删除或改派这些记录');
});

test('a date range in the wrong order, in Chinese', async () => {
  await signIn();
  await session.page.goto(`${session.server.url}#/AirSpace/Report?takeoff_from=2026-11-25&takeoff_to=2026-11-01`);
  await expectChineseOnly(session.page, '查询条件有误：不能早于开始日期');
});
