import path from 'node:path';
import type { Defect } from '@shared/entities/defect';
import type { Media } from '@shared/entities/media';
import { DJI_FIXTURES } from '../__tests__/support/djiFixtures';
import { adminApi } from './support/api';
import { signInAsAdmin, useBrowserSession } from './support/session';

jest.setTimeout(180_000);

const session = useBrowserSession({ env: { DEMO_SEED: '0' }, onPage: signInAsAdmin });
const api = adminApi(() => session.server).data;
const PHOTO = path.join(DJI_FIXTURES, 'photos', 'mavicpro_wide_nadir_DJI_0010.JPG');

test('upload a real DJI photo, find it in /Media with its position, mark a defect on it (a rectangle, then a polygon), confirm it, then find it on /Defect', async () => {
  const { page, server } = session;
  const project = await api<{ id: number }>('POST', '/Project/', { name: 'E2E 媒体项目', status: 'active' });
  await page.goto(`${server.url}#/Media`);
  await page.getByRole('combobox', { name: '项目' }).fill('E2E 媒体项目');
  await page.getByRole('option', { name: 'E2E 媒体项目' }).click();

  // Upload by hand: the server reads the file's EXIF/XMP and makes its thumbnail.
  await page.getByTestId('media-file-input').setInputFiles(PHOTO);
  await page.getByText('mavicpro_wide_nadir_DJI_0010.JPG: 已上传').waitFor();
  const [uploaded] = (await api<{ items: Media[] }>('GET', `/Media/?project_id=${project.id}`)).items;
  expect(uploaded.lat).not.toBeNull();
  await page.getByRole('button', { name: `预览 ${uploaded.name}` }).click();
  const dialog = page.getByRole('dialog', { name: uploaded.name });
  const photo = dialog.getByRole('img', { name: uploaded.name });
  await page.waitForFunction((name) => [...document.querySelectorAll('img')].some((img) => img.alt === name && img.naturalWidth > 0), uploaded.name);

  // D, then a rectangle dragged over the middle of the photo; severity 4 (critical), a note, save.
  await page.keyboard.press('d');
  await dialog.getByText('在照片上拖出矩形框').waitFor();
  const box = (await photo.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 5 });
  await page.mouse.up();
  const form = dialog.getByRole('form', { name: '标记缺陷' });
  await form.waitFor();
  await page.keyboard.press('4');
  await form.getByRole('textbox', { name: '备注' }).fill('E2E 屋顶破损');
  await form.getByRole('button', { name: '保存缺陷' }).click();

  await dialog.getByLabel(/危急缺陷 \d+/).waitFor();
  const [marked] = (await api<{ items: Defect[] }>('GET', `/Defect/?media_id=${uploaded.id}`)).items;
  expect(marked).toMatchObject({ severity: 'critical', status: 'new', note: 'E2E 屋顶破损', region: { type: 'rect' } });
  const [[x1, y1], [x2, y2]] = marked.region.points;
  for (const [value, expected] of [
    [x1, 0.25],
    [y1, 0.25],
    [x2, 0.75],
    [y2, 0.75],
  ])
    expect(Math.abs(value - expected)).toBeLessThan(0.02);

  // Confirmed from the photo's defect list.
  await dialog.getByRole('table', { name: '缺陷' }).getByRole('button', { name: '确认' }).click();
  await dialog.getByRole('table', { name: '缺陷' }).getByText('已确认').waitFor();
  expect((await api<Defect>('GET', `/Defect/${marked.id}/`)).status).toBe('confirmed');

  // 多边形标记, then a triangle clicked vertex by vertex and closed on its first vertex; severity 1 (low), saved with Enter.
  await dialog.getByRole('button', { name: '多边形标记' }).click();
  await dialog.getByText(/单击照片添加顶点/).waitFor();
  for (const [fx, fy] of [
    [0.1, 0.1],
    [0.3, 0.1],
    [0.2, 0.3],
    [0.1, 0.1],
  ])
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  await form.waitFor();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await dialog.getByLabel(/轻微缺陷 \d+/).waitFor();
  const outlined = (await api<{ items: Defect[] }>('GET', `/Defect/?media_id=${uploaded.id}&severity=low`)).items;
  expect(outlined).toHaveLength(1);
  expect(outlined[0].region.type).toBe('polygon');
  expect(outlined[0].region.points).toHaveLength(3);
  outlined[0].region.points.forEach(([x, y], i) => {
    expect(Math.abs(x - [0.1, 0.3, 0.2][i])).toBeLessThan(0.02);
    expect(Math.abs(y - [0.1, 0.1, 0.3][i])).toBeLessThan(0.02);
  });
  // Out of the way of the /Defect steps below, which follow the rectangle alone.
  await api('DELETE', `/Defect/${outlined[0].id}/`);

  // On /Defect, filtered by its project: the row offers the server's next steps; repair starts it.
  await page.goto(`${server.url}#/Defect`);
  await page.getByRole('combobox', { name: '项目' }).fill('E2E 媒体项目');
  await page.getByRole('option', { name: 'E2E 媒体项目' }).click();
  await page.getByText('共 1 个缺陷').waitFor();
  const row = page.getByRole('table', { name: '缺陷管理' }).getByTestId('defect-row');
  await row.getByRole('button', { name: '开始维修' }).click();
  await row.getByText('维修中').waitFor();
  expect((await api<Defect>('GET', `/Defect/${marked.id}/`)).status).toBe('in_repair');

  // The map shows it at the photo's position; its point opens the photo with the region outlined.
  await page.getByRole('button', { name: '地图', exact: true }).click();
  await page.getByRole('region', { name: '地图', exact: true }).locator('path.leaflet-interactive').click();
  const viewer = page.getByRole('dialog', { name: `缺陷 ${marked.id} 的照片` });
  await viewer.getByLabel(`危急缺陷 ${marked.id}`).waitFor();
  await page.waitForFunction((name) => [...document.querySelectorAll('img')].some((img) => img.alt === name && img.naturalWidth > 0), uploaded.name);
});
