import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApi } from './support/api';
import { drawPolygon } from './support/mapDrawing';
import { signInAsAdmin, useBrowserSession } from './support/session';

jest.setTimeout(120_000);

const session = useBrowserSession({ env: { DEMO_SEED: '0' }, onPage: signInAsAdmin });

const api = adminApi(() => session.server).data;

const mapRegion = (p: Page, name: string) => p.getByRole('region', { name }).locator('.leaflet-container');

test('draw a polygon, name it, save; after a reload it is listed and shows its area', async () => {
  await session.page.goto(`${session.server.url}#/Map/Polygon`);
  await session.page.getByRole('heading', { name: '面要素' }).waitFor();
  const map = mapRegion(session.page, '面要素');
  await map.waitFor();
  await session.page.getByRole('button', { name: '绘制面' }).click();
  await session.page.getByText(/请在地图上绘制面/).waitFor();

  await drawPolygon(session.page, map, [
    [-100, -80],
    [100, -80],
    [100, 80],
    [-100, 80],
  ]);

  const form = session.page.getByRole('form', { name: /新面要素/ });
  await form.waitFor();
  const area = await session.page.getByTestId('measure-area').textContent();
  expect(area).toMatch(/面积: [\d.]+ (m²|km²)/);
  await form.getByLabel(/名称/).fill('E2E 湖区');
  await form.getByLabel(/类别/).fill('水域');
  await form.getByRole('button', { name: '保存' }).click();
  await session.page.getByRole('button', { name: '绘制面' }).waitFor();
  await session.page.getByRole('button', { name: /E2E 湖区/ }).waitFor();

  const saved = await api<{ items: Array<{ name: string; geometry: { type: string }; properties: { area_m2: number } }> }>('GET', '/Feature/?search=E2E');
  expect(saved.items).toHaveLength(1);
  expect(saved.items[0].geometry.type).toBe('Polygon');
  expect(saved.items[0].properties.area_m2).toBeGreaterThan(0);

  await session.page.reload();
  await session.page.getByRole('heading', { name: '面要素' }).waitFor();
  const item = session.page.getByRole('button', { name: /E2E 湖区/ });
  await item.waitFor();
  expect(await item.textContent()).toContain(area!.replace('面积: ', ''));
  await item.click();
  await session.page.getByRole('form', { name: /编辑：E2E 湖区/ }).waitFor();
  expect(await session.page.getByTestId('measure-area').textContent()).toBe(area);
  // The saved polygon is on the map as an editable layer with its vertex handles.
  expect(await map.locator('.marker-icon').count()).toBeGreaterThanOrEqual(4);

  // The overview lists it too.
  await session.page.goto(`${session.server.url}#/Map/Index`);
  await session.page.getByRole('heading', { name: '地图总览' }).waitFor();
  await session.page.getByRole('button', { name: /E2E 湖区/ }).waitFor();
});

test('draw a circle on the areas page: saved as its centre with its radius, listed with the areas and edited as a circle', async () => {
  await session.page.goto(`${session.server.url}#/Map/Polygon`);
  await session.page.getByRole('heading', { name: '面要素' }).waitFor();
  const map = mapRegion(session.page, '面要素');
  await map.waitFor();
  await session.page.getByRole('button', { name: '绘制圆' }).click();
  await session.page.getByText(/请在地图上绘制圆/).waitFor();
  await map.and(session.page.locator('.geoman-draw-cursor')).waitFor();
  const box = (await map.boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  // Geoman's circle: a click on the centre, then one on the edge.
  await session.page.mouse.move(cx, cy);
  await session.page.mouse.click(cx, cy);
  await map.locator('.marker-icon:not(.cursor-marker)').first().waitFor();
  await session.page.mouse.move(cx + 60, cy, { steps: 5 });
  await session.page.mouse.click(cx + 60, cy);

  const form = session.page.getByRole('form', { name: /新圆要素/ });
  await form.waitFor();
  expect(await session.page.getByTestId('measure-radius').textContent()).toMatch(/半径: [\d.,]+(米|公里)/);
  await form.getByLabel(/名称/).fill('E2E 净空圆');
  await form.getByRole('button', { name: '保存' }).click();
  await session.page.getByRole('button', { name: /E2E 净空圆/ }).waitFor();

  const saved = await api<{ items: Array<{ geometry: { type: string }; properties: { radius: number } }> }>('GET', '/Feature/?search=E2E 净空圆');
  expect(saved.items).toHaveLength(1);
  expect(saved.items[0].geometry.type).toBe('Point');
  expect(saved.items[0].properties.radius).toBeGreaterThan(0);

  await session.page.getByRole('button', { name: /E2E 净空圆/ }).click();
  await session.page.getByRole('form', { name: /编辑：E2E 净空圆/ }).waitFor();
  await session.page.getByTestId('measure-radius').waitFor();
  // Not a point: the points page does not list it.
  await session.page.goto(`${session.server.url}#/Map/Point`);
  await session.page.getByRole('heading', { name: '点要素' }).waitFor();
  await session.page.getByText('共 0 个').waitFor();
});

test('a bad GeoJSON file is refused with a clear message and nothing is saved; a good one is imported and exported', async () => {
  await session.page.goto(`${session.server.url}#/Map/Point`);
  await session.page.getByRole('heading', { name: '点要素' }).waitFor();
  const before = await api<{ total: number }>('GET', '/Feature/');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geojson-'));
  const bad = path.join(dir, 'bad.geojson');
  fs.writeFileSync(
    bad,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'ok' }, geometry: { type: 'Point', coordinates: [114, 22] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [114, 95] } },
      ],
    }),
  );
  await session.page.getByLabel('导入 GeoJSON').setInputFiles(bad);
  const alert = session.page.getByRole('alert').filter({ hasText: 'bad.geojson' });
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(/features\[1\]\.geometry\.coordinates\[1\]: 纬度超出范围 \[-90, 90\]/);
  expect((await api<{ total: number }>('GET', '/Feature/')).total).toBe(before.total);

  const good = path.join(dir, 'good.geojson');
  fs.writeFileSync(
    good,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [1, 2, 3].map((i) => ({
        type: 'Feature',
        properties: { name: `Import ${i}`, category: 'pole' },
        geometry: { type: 'Point', coordinates: [114 + i / 100, 22.5] },
      })),
    }),
  );
  await session.page.getByLabel('导入 GeoJSON').setInputFiles(good);
  await session.page.getByText('已导入 3 个要素').waitFor();
  await session.page.getByRole('button', { name: /Import 3/ }).waitFor();
  expect((await api<{ total: number }>('GET', '/Feature/')).total).toBe(before.total + 3);

  const download = session.page.waitForEvent('download');
  await session.page.getByRole('button', { name: '导出 GeoJSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file!, 'utf8'));
  expect(exported.type).toBe('FeatureCollection');
  expect(exported.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(
    expect.arrayContaining(['Import 1', 'Import 2', 'Import 3']),
  );
});
