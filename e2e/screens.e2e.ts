import { adminApi, apiAs } from './support/api';
import { loginThroughPage } from './support/browser';
import { useBrowserSession } from './support/session';

jest.setTimeout(120_000);

const session = useBrowserSession();

// A valid 1×1 PNG: the server checks uploads by content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const admin = adminApi(() => session.server);
const viewer = apiAs(
  () => session.server,
  'viewer1',
  (server) => server.demoPasswords.viewer1,
);

async function signIn(username: string, password: string) {
  await loginThroughPage(session.page, session.server.url, username, password);
  await session.page.getByRole('navigation', { name: '主菜单' }).waitFor();
}

test('create a device with a photo, then find it by search', async () => {
  await signIn('admin', session.server.adminPassword);
  await session.page.goto(`${session.server.url}#/Device/UAV`);
  await session.page.getByRole('heading', { name: '无人机管理' }).waitFor();
  await session.page.getByRole('button', { name: '新建' }).click();
  const dialog = session.page.getByRole('dialog', { name: '新建设备' });
  await dialog.getByRole('textbox', { name: '序列号' }).fill('E2E-PHOTO-0001');
  await dialog.getByRole('textbox', { name: '名称' }).fill('浏览器测试机');
  await dialog.getByRole('textbox', { name: '型号' }).fill('M3E');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'drone.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('img', { name: '查看图片' }).waitFor();
  // Delete and re-upload.
  await dialog.getByRole('button', { name: '删除' }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'drone.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('img', { name: '查看图片' }).waitFor();
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await session.page.getByRole('textbox', { name: '搜索序列号/名称/型号' }).fill('E2E-PHOTO');
  const row = session.page.getByRole('row').filter({ hasText: 'E2E-PHOTO-0001' });
  await row.waitFor();
  await expect(session.page.getByRole('row')).toHaveCountEventually(2); // header + the one match
  expect(session.page.url()).toContain('search=E2E-PHOTO');
  await row.getByText('浏览器测试机').click();
  const drawer = session.page.getByRole('dialog', { name: '浏览器测试机 (E2E-PHOTO-0001)' });
  const photo = drawer.getByRole('img', { name: '设备照片' });
  await photo.waitFor();
  const src = await photo.getAttribute('src');
  expect(src).toBeTruthy();
  const served = await fetch(new URL(src!, session.server.url).toString());
  expect(served.status).toBe(200);
});

test('airspace workflow: draft → submit → approve → file plan → report shows in the charts', async () => {
  const now = Date.now();
  const iso = (offsetH: number) => new Date(now + offsetH * 3_600_000).toISOString();
  const area = {
    type: 'Polygon',
    coordinates: [
      [
        [114.05, 22.54],
        [114.06, 22.54],
        [114.06, 22.55],
        [114.05, 22.54],
      ],
    ],
  };
  // Above the auto-approval ceiling and starting within hours (late): it waits for a reviewer, who approves with a note.
  const { data: draft } = await admin.call<{ id: number }>('POST', '/Airspace/Apply/', {
    area,
    min_alt: 0,
    max_alt: 150,
    start_at: iso(1),
    end_at: iso(6),
    purpose: 'E2E 空域流程',
  });

  await signIn('admin', session.server.adminPassword);
  await session.page.goto(`${session.server.url}#/AirSpace/Apply?search=${encodeURIComponent('E2E 空域流程')}`);
  const row = session.page.getByRole('row').filter({ hasText: 'E2E 空域流程' });
  await row.getByText('草稿').waitFor();
  await row.getByRole('button', { name: 'E2E 空域流程 的操作' }).click();
  await session.page.getByRole('menuitem', { name: '提交' }).click();
  await row.getByText('已提交').waitFor();
  await row.getByRole('button', { name: 'E2E 空域流程 的操作' }).click();
  await session.page.getByRole('menuitem', { name: '批准' }).click();
  const note = session.page.getByRole('dialog', { name: '批准空域申请' });
  await note.getByRole('textbox', { name: '备注' }).fill('同意，注意避让');
  await note.getByRole('button', { name: '确定' }).click();
  await row.getByText('已批准').waitFor();
  const { data: approved } = await admin.call<{ status: string; review_note: string }>('GET', `/Airspace/Apply/${draft.id}/`);
  expect(approved).toMatchObject({ status: 'approved', review_note: '同意，注意避让' });

  // The plan form offers the approved application; filing goes through the API here (date pickers are unit-tested).
  await session.page.goto(`${session.server.url}#/AirSpace/Plan`);
  await session.page.getByRole('button', { name: '新建' }).click();
  const planDialog = session.page.getByRole('dialog', { name: '新建飞行计划' });
  await planDialog.getByRole('combobox', { name: /空域申请/ }).fill('E2E 空域流程');
  await session.page.getByRole('option', { name: new RegExp(`#${draft.id} E2E 空域流程`) }).waitFor();
  await session.page.keyboard.press('Escape');
  await planDialog.getByRole('button', { name: '取消' }).click();
  const { data: devices } = await admin.call<{ items: Array<{ id: number }> }>('GET', '/Device/?page_size=1');
  const { status: filed, data: plan } = await admin.call<{ id: number }>('POST', '/Airspace/Plan/', {
    application_id: draft.id,
    device_id: devices.items[0].id,
    planned_start_at: iso(2),
    planned_end_at: iso(3),
  });
  expect(filed).toBe(200);
  await session.page.goto(`${session.server.url}#/AirSpace/Plan?status=filed`);
  const planRow = session.page.getByRole('row').filter({ hasText: `#${draft.id}` });
  await planRow.getByRole('button', { name: `${plan.id} 的操作` }).click();
  await session.page.getByRole('menuitem', { name: '受理' }).click();
  await session.page.getByRole('dialog', { name: '受理飞行计划' }).getByRole('button', { name: '确定' }).click();
  await session.page
    .getByRole('row')
    .filter({ hasText: `#${draft.id}` })
    .waitFor({ state: 'detached' });

  await session.page.goto(`${session.server.url}#/AirSpace/Report`);
  const totals = session.page.getByLabel('totals');
  await totals.waitFor();
  const before = Number(/共 (\d+) 架次/.exec((await totals.textContent()) ?? '')?.[1]);
  const { status: reported } = await admin.call('POST', '/Airspace/Report/', {
    plan_id: plan.id,
    device_id: devices.items[0].id,
    takeoff_at: iso(-0.5),
    landing_at: iso(-0.1),
    distance_m: 3200,
    max_alt: 110,
    track: {
      type: 'LineString',
      coordinates: [
        [114.05, 22.54],
        [114.055, 22.545],
        [114.06, 22.55],
      ],
    },
  });
  expect(reported).toBe(200);
  await session.page.reload();
  await session.page
    .getByLabel('totals')
    .filter({ hasText: `共 ${before + 1} 架次` })
    .waitFor();
  await session.page.getByRole('figure', { name: '每日飞行架次' }).waitFor();
  const { data: plansAfter } = await admin.call<{ status: string }>('GET', `/Airspace/Plan/${plan.id}/`);
  expect(plansAfter.status).toBe('ended');
});

test('a viewer cannot delete: no button, and the API answers 403', async () => {
  await signIn('viewer1', session.server.demoPasswords.viewer1);
  await session.page.goto(`${session.server.url}#/Device/UAV`);
  await session.page.getByRole('heading', { name: '无人机管理' }).waitFor();
  await session.page.getByRole('row').nth(1).waitFor();
  // Once /logininfo/ has answered with the viewer's permission codes.
  await expect(session.page.getByRole('button', { name: '新建' })).toHaveCountEventually(0);
  expect(await session.page.getByRole('button', { name: /^删除/ }).count()).toBe(0);
  const nav = session.page.getByRole('navigation', { name: '主菜单' });
  expect(await nav.getByText('系统管理').count()).toBe(0);
  await session.page.goto(`${session.server.url}#/app/role`);
  await session.page.getByRole('alert', { name: '403' }).waitFor();

  const { data: list } = await viewer.call<{ items: Array<{ id: number }> }>('GET', '/Device/?page_size=1');
  const { status } = await viewer.call('DELETE', `/Device/${list.items[0].id}/`);
  expect(status).toBe(403);
});
