import ExcelJS from 'exceljs';
import { cropBox, projectPoints } from '../../../server/reports/render';
import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { uploadPhoto } from '../media/photoFixtures';

jest.setTimeout(120_000);

describe('report geometry', () => {
  it.each([
    [
      {
        type: 'rect',
        points: [
          [0.4, 0.4],
          [0.5, 0.5],
        ],
      },
      [0.3, 0.3, 0.3, 0.3],
    ],
    [
      {
        type: 'rect',
        points: [
          [0, 0],
          [0.05, 0.05],
        ],
      },
      [0, 0, 0.15, 0.15],
    ],
    [
      {
        type: 'polygon',
        points: [
          [0.5, 0.5],
          [1, 0.6],
          [0.7, 1],
        ],
      },
      [0, 0, 1, 1],
    ],
  ] as const)('crops %j to %j', (region, box) => {
    cropBox(region as never).forEach((v, i) => expect(v).toBeCloseTo(box[i], 6));
  });

  it('projects points into the box, keeping the aspect and skipping unknown positions', () => {
    const [a, none, b] = projectPoints(
      [
        { lat: 0, lng: 0 },
        { lat: null, lng: null },
        { lat: 1, lng: 1 },
      ],
      120,
      120,
      10,
    );
    expect(none).toBeNull();
    expect(a![0]).toBeCloseTo(10, 2);
    expect(a![1]).toBeCloseTo(110, 6);
    expect(b![0]).toBeCloseTo(110, 2);
    expect(b![1]).toBeCloseTo(10, 6);
  });
});

describe.each<Dialect>(['sqlite'])('inspection report (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  let taskId: number;

  beforeAll(async () => {
    const projectId = (await call('POST', '/api/Project/', 'admin', { name: '报告项目', status: 'active' })).body.data.id;
    taskId = (await call('POST', '/api/Task/', 'admin', { name: '线路巡检 A', project_id: projectId, kind: 'inspection' })).body.data.id;
    const mediaId = (await uploadPhoto(api, 'admin', projectId)).json().data.item.id;
    // As a dock's callback of this task's flight files it.
    await api.server.handle.app.db.updateTable('media').set({ task_id: taskId }).where('id', '=', mediaId).execute();
    const category = (await call('GET', '/api/DefectCategory/', 'admin')).body.data.items.find((c: { code: string }) => c.code === 'power.insulator');
    await call('POST', '/api/Defect/', 'admin', {
      media_id: mediaId,
      region: {
        type: 'rect',
        points: [
          [0.4, 0.4],
          [0.5, 0.5],
        ],
      },
      category_id: category.id,
      severity: 'critical',
      note: '伞裙破损',
    });
  });

  it('writes a PDF with the CJK font embedded, a track page, the defect table and one cropped photo per defect', async () => {
    const response = await api.server.handle.app.inject({
      method: 'GET',
      url: `/api/Task/${taskId}/report/?format=pdf`,
      headers: { authorization: `Bearer ${api.tokens.admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+Noto(Sans|Serif)CJK/);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('writes the defects as a spreadsheet in the asked language, with position and a link to the photo', async () => {
    const response = await api.server.handle.app.inject({
      method: 'GET',
      url: `/api/Task/${taskId}/report/?format=xlsx&lang=en`,
      headers: { authorization: `Bearer ${api.tokens.admin}` },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Defects')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'No.', 'Category', 'Severity', 'Status', 'Latitude', 'Longitude', 'Photo', 'Note', 'Photo link']);
    const row = sheet.getRow(2).values as unknown[];
    expect(row.slice(1, 5)).toEqual([1, 'Damaged insulator', 'Critical', 'New']);
    expect(row[8]).toBe('伞裙破损');
    expect((row[9] as { hyperlink: string }).hyperlink).toMatch(/\/api\/Media\/\d+\/file\/\?exp=\d+&sig=/);
  });

  it('answers 404 for a task out of the caller’s scope', async () => {
    const role = (await call('GET', '/api/Role/?search=operator', 'admin')).body.data.items.find((r: { code: string }) => r.code === 'operator');
    const dept = (await call('POST', '/api/Dept/', 'admin', { name: '报告隔离队' })).body.data;
    await call('POST', '/api/User/', 'admin', { username: 'report-op', name: 'op', password: 'report-op-Pass-1', role_ids: [role.id], dept_id: dept.id });
    api.tokens.outsider = (await api.login('report-op', 'report-op-Pass-1')).body.data.token;
    expect((await call('GET', `/api/Task/${taskId}/report/?format=pdf`, 'outsider')).status).toBe(404);
  });
});
