import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Route } from '@shared/entities/route';
import { adminApi } from './support/api';
import { signInAsAdmin, useBrowserSession } from './support/session';

jest.setTimeout(180_000);

const session = useBrowserSession({ env: { DEMO_SEED: '0' }, onPage: signInAsAdmin });
const admin = adminApi(() => session.server);
const api = admin.data;

test('draw a route on the map, save it, export the KMZ and import it back as a copy with the same waypoints', async () => {
  const { page, server } = session;
  const project = await api<{ id: number }>('POST', '/Project/', { name: 'E2E 航线项目', status: 'active' });
  await page.goto(`${server.url}#/Task/Route?project_id=${project.id}`);
  await page.getByRole('heading', { name: '航线管理' }).waitFor();

  // Draw: a new route starts in "add" mode; each map click appends a waypoint.
  await page.getByRole('button', { name: '新建' }).click();
  const editor = page.getByRole('dialog', { name: '新建航线' });
  const map = editor.getByRole('region', { name: '航线编辑地图' }).locator('.leaflet-container');
  await map.waitFor();
  const box = (await map.boundingBox())!;
  const clicks: Array<[number, number]> = [
    [box.x + box.width / 2 - 150, box.y + box.height / 2],
    [box.x + box.width / 2, box.y + box.height / 2 - 100],
    [box.x + box.width / 2 + 150, box.y + box.height / 2],
  ];
  for (const [index, [x, y]] of clicks.entries()) {
    await page.mouse.click(x, y);
    await page.waitForFunction((count) => document.querySelectorAll('.route-waypoint-label').length === count, index + 1);
  }
  await editor.getByRole('status', { name: '航线检查' }).getByText('航点数 3').waitFor();
  await editor.getByText('航线检查通过').waitFor();
  await editor.getByRole('button', { name: '结束添加' }).click();
  await editor.getByRole('textbox', { name: '航线名称' }).fill('E2E 航线');
  await editor.getByRole('button', { name: '保存' }).click();
  await page.getByRole('dialog', { name: '编辑航线 · E2E 航线' }).waitFor();
  await page.getByRole('button', { name: '关闭' }).click();

  const drawn = (await api<{ items: Route[] }>('GET', `/Route/?project_id=${project.id}`)).items;
  expect(drawn).toHaveLength(1);
  expect(drawn[0].waypoints).toHaveLength(3);
  expect(drawn[0].length_m).toBeGreaterThan(0);

  // Export the KMZ from the list.
  await page.getByRole('button', { name: 'E2E 航线 的操作' }).click();
  await page.getByRole('menuitem', { name: '导出', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '导出为 KMZ' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('E2E 航线.kmz');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'route-e2e-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(Object.keys(unzipSync(fs.readFileSync(file))).sort()).toEqual(['wpmz/template.kml', 'wpmz/waylines.wpml']);

  // Import it back into the same project: a second route with the same waypoints, named apart (names are unique per project).
  await page.getByRole('button', { name: '导入航线' }).click();
  const importDialog = page.getByRole('dialog', { name: '导入航线' });
  await importDialog.waitFor();
  await importDialog.locator('input[type="file"]').setInputFiles(file);
  await page.getByText('已导入航线“E2E 航线 (2)”').waitFor();
  await page.getByRole('row').filter({ hasText: 'E2E 航线' }).nth(1).waitFor();

  const both = (await api<{ items: Route[] }>('GET', `/Route/?project_id=${project.id}&ordering=id`)).items;
  expect(both).toHaveLength(2);
  expect(both[1].name).toBe('E2E 航线 (2)');
  expect(both[1].waypoints).toEqual(both[0].waypoints);
  expect(both[1].settings).toEqual(both[0].settings);
  expect(both[1].length_m).toBe(both[0].length_m);
});
