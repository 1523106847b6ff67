import { adminApi } from './support/api';
import { drawPolygon } from './support/mapDrawing';
import { signInAsAdmin, useBrowserSession } from './support/session';

jest.setTimeout(180_000);

const session = useBrowserSession({
  viewport: { width: 1600, height: 1000 },
  onPage: signInAsAdmin,
});
const admin = adminApi(() => session.server);
const api = admin.call;

// Three days ahead: on time for the routine lead time, and clear of the demo's airspace around now.
const HOUR = 3_600_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 72 * HOUR;
const iso = (hours: number) => new Date(start + hours * HOUR).toISOString();
// Far from the demo's Shenzhen no-fly zones.
const LNG = 121.4;
const LAT = 31.2;

test('an area drawn on the map is submitted and approved by the system; a plan outside it shows the rule and is not saved', async () => {
  const { page, server } = session;
  const { data: draft } = await api<{ id: number }>('POST', '/Airspace/Apply/', {
    area: {
      type: 'Polygon',
      coordinates: [
        [
          [LNG, LAT],
          [LNG + 0.001, LAT],
          [LNG + 0.001, LAT + 0.001],
          [LNG, LAT],
        ],
      ],
    },
    min_alt: 0,
    max_alt: 100,
    start_at: iso(0),
    end_at: iso(4),
    purpose: 'E2E 画区域',
  });

  // Draw a new area with the geoman editor: clear, click four corners, close on the first.
  await page.goto(`${server.url}#/AirSpace/Apply?search=${encodeURIComponent('E2E 画区域')}`);
  const row = page.getByRole('row').filter({ hasText: 'E2E 画区域' });
  await row.getByRole('button', { name: 'E2E 画区域 的操作' }).click();
  await page.getByRole('menuitem', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑空域申请' });
  await dialog.getByRole('button', { name: '清除' }).click();
  const map = dialog.getByRole('region', { name: '空域范围地图' }).locator('.leaflet-container');
  await map.waitFor();
  const { width, height } = (await map.boundingBox())!;
  await drawPolygon(page, map, [
    [-0.2 * width, -0.2 * height],
    [0.2 * width, -0.2 * height],
    [0.2 * width, 0.2 * height],
    [-0.2 * width, 0.2 * height],
  ]);
  const text = dialog.getByRole('textbox', { name: '顶点坐标（经度,纬度）' });
  await dialog.getByRole('region', { name: '空域规则检查' }).getByText('符合全部空域规则').waitFor();
  expect((await text.inputValue()).split('\n')).toHaveLength(4);
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  const { data: drawn } = await api<{ area: { coordinates: number[][][] } }>('GET', `/Airspace/Apply/${draft.id}/`);
  expect(drawn.area.coordinates[0]).toHaveLength(5);

  await row.getByRole('button', { name: 'E2E 画区域 的操作' }).click();
  await page.getByRole('menuitem', { name: '提交' }).click();
  await row.getByText('已批准').waitFor();
  await row.getByText('系统批准').waitFor();
  const { data: approved } = await api<{ status: string; decided_by_system: number }>('GET', `/Airspace/Apply/${draft.id}/`);
  expect(approved).toMatchObject({ status: 'approved', decided_by_system: 1 });

  // A plan on a route that leaves the area: the form shows the broken rules; the server refuses to save it.
  const [[lng0, lat0]] = drawn.area.coordinates[0];
  // A project without an area of its own, so only the airspace rules judge the route.
  const { data: project } = await api<{ id: number }>('POST', '/Project/', { name: 'E2E 空域项目', status: 'active' });
  const { data: route } = await api<{ id: number }>('POST', '/Route/', {
    project_id: project.id,
    name: 'E2E 出界航线',
    waypoints: [
      { lng: lng0, lat: lat0, alt: 50, speed: 10 },
      { lng: lng0 + 0.05, lat: lat0, alt: 50, speed: 10 },
    ],
  });
  const { data: before } = await api<{ total: number }>('GET', '/Airspace/Plan/?page_size=1');
  await page.goto(`${server.url}#/AirSpace/Plan`);
  await page.getByRole('button', { name: '新建' }).click();
  const planDialog = page.getByRole('dialog', { name: '新建飞行计划' });
  // The pick lists search on the server as one types.
  await planDialog.getByRole('combobox', { name: /空域申请/ }).fill('E2E 画区域');
  await page.getByRole('option', { name: new RegExp(`#${draft.id} E2E 画区域`) }).click();
  await planDialog.getByRole('combobox', { name: /航线/ }).fill('E2E 出界航线');
  await page.getByRole('option', { name: 'E2E 出界航线' }).click();
  for (const [label, hours] of [
    ['计划起飞', 1],
    ['计划结束', 2],
  ] as const) {
    const local = new Date(start + hours * HOUR);
    const digits = [local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()]
      .map((n) => String(n).padStart(2, '0'))
      .join('');
    await planDialog.getByRole('group', { name: label }).click();
    await page.keyboard.type(digits);
  }
  const verdict = planDialog.getByRole('region', { name: '空域规则检查' });
  await verdict.getByText('第 1 个航点在批准空域之外').waitFor();
  await planDialog.getByRole('button', { name: '保存' }).click();
  await planDialog
    .getByText(/waypoint 1 .* is outside the approved area|第 1 个航点在批准空域之外/)
    .first()
    .waitFor();
  const { data: after } = await api<{ total: number }>('GET', '/Airspace/Plan/?page_size=1');
  expect(after.total).toBe(before.total);
  expect(route.id).toBeGreaterThan(0);
});
