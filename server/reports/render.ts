import fs from 'node:fs';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { regionBounds, type DefectRegion } from '@shared/entities/defect';
import type { ReportData } from './data';
import type { ReportText } from './text';

/** CJK fonts Debian's fonts-noto-cjk (or a Noto CJK font elsewhere) installs; the first present is embedded. */
const CJK_FONTS = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
];

export function cjkFont(): { path: string; family: string } {
  const font = CJK_FONTS.find((f) => fs.existsSync(f.path));
  if (!font) throw new Error('No CJK font for the report: install Debian fonts-noto-cjk');
  return font;
}

/** Projects lat/lng points into a w×h box (equirectangular, aspect kept, a margin around); null positions are skipped. */
export function projectPoints(
  points: ReadonlyArray<{ lat: number | null; lng: number | null }>,
  w: number,
  h: number,
  margin = 10,
): Array<[number, number] | null> {
  const known = points.filter((p): p is { lat: number; lng: number } => p.lat !== null && p.lng !== null);
  if (!known.length) return points.map(() => null);
  const lats = known.map((p) => p.lat);
  const lngs = known.map((p) => p.lng);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * kx, 1e-9);
  const spanY = Math.max(maxLat - minLat, 1e-9);
  const scale = Math.min((w - 2 * margin) / spanX, (h - 2 * margin) / spanY);
  const offX = (w - spanX * scale) / 2;
  const offY = (h - spanY * scale) / 2;
  return points.map((p) => (p.lat === null || p.lng === null ? null : [offX + (p.lng - minLng) * kx * scale, h - offY - (p.lat - minLat) * scale]));
}

/** The part of the photo around a region (the region's size again on each side, at least a tenth of the photo), in 0..1. */
export function cropBox(region: DefectRegion): [number, number, number, number] {
  const [x0, y0, x1, y1] = regionBounds(region);
  const padX = Math.max(x1 - x0, 0.1);
  const padY = Math.max(y1 - y0, 0.1);
  const left = Math.max(0, x0 - padX);
  const top = Math.max(0, y0 - padY);
  return [left, top, Math.min(1, x1 + padX) - left, Math.min(1, y1 + padY) - top];
}

/** The photo cropped around the defect's region, the region outlined in red (JPEG). */
export async function defectCrop(photo: Buffer, region: DefectRegion): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const upright = await sharp(photo, { failOn: 'none' }).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const [cx, cy, cw, ch] = cropBox(region);
  const box = {
    left: Math.round(cx * width),
    top: Math.round(cy * height),
    width: Math.max(1, Math.round(cw * width)),
    height: Math.max(1, Math.round(ch * height)),
  };
  const points =
    region.type === 'rect'
      ? [region.points[0], [region.points[1][0], region.points[0][1]], region.points[1], [region.points[0][0], region.points[1][1]]]
      : region.points;
  const path = points.map(([x, y]) => `${Math.round(x * width) - box.left},${Math.round(y * height) - box.top}`).join(' ');
  const stroke = Math.max(2, Math.round(Math.min(box.width, box.height) / 100));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><polygon points="${path}" fill="none" stroke="red" stroke-width="${stroke}"/></svg>`;
  // One step each: sharp would resize before it composites, and check the overlay against the uncut image.
  const cut = await sharp(upright.data).extract(box).toBuffer();
  const outlined = await sharp(cut)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .toBuffer();
  return sharp(outlined).resize(800, 600, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
}

const SEVERITY_COLOR = { low: '#2e7d32', medium: '#f9a825', high: '#ef6c00', critical: '#c62828' } as const;
const fmt = (n: number | null) => (n === null ? '—' : n.toFixed(6));

/**
 * The inspection report as a PDF (pdfkit, a CJK font embedded): the task, aircraft, pilot, time, weather, a sketch of
 * the track with each photo point and the defects, the defect table, and each defect's photo cropped around its region.
 */
export async function reportPdf(data: ReportData, text: ReportText, photoOf: (mediaId: number) => Promise<Buffer>): Promise<Buffer> {
  const font = cjkFont();
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${text.title} ${data.task.name}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.family);
  doc.font('cjk');
  doc.fontSize(20).text(`${text.title}: ${data.task.name}`);
  doc.moveDown(0.5).fontSize(11);
  const lines: Array<[string, string]> = [
    [text.task, `#${data.task.id} ${data.task.name}`],
    [text.aircraft, data.task.aircraft ?? text.none],
    [text.pilot, data.task.pilot ?? text.none],
    [text.time, `${data.task.started_at ?? '—'} – ${data.task.finished_at ?? '—'}`],
    [text.weather, text.noWeather],
    [text.photos, String(data.photos.length)],
    [text.defects, String(data.defects.length)],
  ];
  for (const [label, value] of lines) doc.text(`${label}: ${value}`);

  doc.moveDown().fontSize(14).text(text.track);
  const [bx, by, bw, bh] = [doc.x, doc.y + 5, 515, 260];
  doc.rect(bx, by, bw, bh).stroke('#999999');
  const photoPoints = projectPoints(data.photos, bw, bh);
  const track = photoPoints.filter((p): p is [number, number] => p !== null);
  if (track.length > 1) {
    doc.moveTo(bx + track[0][0], by + track[0][1]);
    for (const [x, y] of track.slice(1)) doc.lineTo(bx + x, by + y);
    doc.stroke('#1565c0');
  }
  for (const p of track) doc.circle(bx + p[0], by + p[1], 2).fill('#1565c0');
  const defectPoints = projectPoints([...data.photos, ...data.defects], bw, bh).slice(data.photos.length);
  data.defects.forEach((defect, i) => {
    const p = defectPoints[i];
    if (!p) return;
    doc.circle(bx + p[0], by + p[1], 5).fill(SEVERITY_COLOR[defect.severity]);
    doc
      .fillColor('#000000')
      .fontSize(8)
      .text(String(defect.no), bx + p[0] + 6, by + p[1] - 4, { lineBreak: false });
  });
  doc.fillColor('#000000').text('', bx, by + bh + 10);

  doc.addPage().fontSize(14).text(text.defectTable).moveDown(0.5).fontSize(9);
  const widths = [30, 90, 45, 55, 65, 65, 90, 75];
  const row = (cells: string[]) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: widths[i] - 4, lineBreak: true });
      x += widths[i];
    });
    doc.x = doc.page.margins.left;
    doc.y = Math.max(doc.y, y + 14);
  };
  row([...text.columns]);
  const photoName = new Map(data.photos.map((p) => [p.id, p.name]));
  for (const d of data.defects)
    row([String(d.no), d.category || '—', text.severity[d.severity], text.status[d.status], fmt(d.lat), fmt(d.lng), photoName.get(d.media_id) ?? '', d.note]);

  for (const defect of data.defects) {
    doc
      .addPage()
      .fontSize(14)
      .text(`${text.defectDetail} #${defect.no}: ${defect.category || '—'} · ${text.severity[defect.severity]}`);
    doc.fontSize(10).text(`${photoName.get(defect.media_id) ?? ''} · ${fmt(defect.lat)}, ${fmt(defect.lng)} · ${defect.note}`);
    doc.image(await defectCrop(await photoOf(defect.media_id), defect.region), { fit: [515, 600] });
  }
  doc.end();
  return done;
}

/** The defects as a spreadsheet (exceljs): one row each, with position and a link to its photo. */
export async function reportXlsx(data: ReportData, text: ReportText, photoLink: (mediaId: number) => string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(text.defectTable);
  sheet.columns = [...text.columns, text.link].map((header) => ({ header, width: 18 }));
  const photoName = new Map(data.photos.map((p) => [p.id, p.name]));
  for (const d of data.defects)
    sheet.addRow([
      d.no,
      d.category,
      text.severity[d.severity],
      text.status[d.status],
      d.lat,
      d.lng,
      photoName.get(d.media_id) ?? '',
      d.note,
      { text: photoName.get(d.media_id) ?? String(d.media_id), hyperlink: photoLink(d.media_id) },
    ]);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
