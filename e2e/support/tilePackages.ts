import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { zxyToTileId } from 'pmtiles';

/** Small generated map packages for tests: solid-colour 256×256 PNG tiles, as MBTiles and as PMTiles v3. */

export interface TestTile {
  z: number;
  x: number;
  y: number;
  data: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG of one colour. */
export function solidPng([r, g, b]: [number, number, number], size = 256): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + size * 3);
  for (let i = 0; i < size; i++) row.set([r, g, b], 1 + i * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every tile of zoom levels minZoom…maxZoom, coloured by zoom. */
export function pyramid(minZoom: number, maxZoom: number): TestTile[] {
  const tiles: TestTile[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const data = solidPng([40 + z * 40, 120, 200 - z * 30]);
    for (let x = 0; x < 2 ** z; x++) for (let y = 0; y < 2 ** z; y++) tiles.push({ z, x, y, data });
  }
  return tiles;
}

export function writeMbtiles(file: string, tiles: TestTile[], metadata: Record<string, string> = { format: 'png', attribution: 'Test tiles' }): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SQLite(file);
  db.exec('CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)');
  const meta = db.prepare('INSERT INTO metadata VALUES (?, ?)');
  for (const [name, value] of Object.entries(metadata)) meta.run(name, value);
  const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  // MBTiles rows count from the bottom (TMS).
  db.transaction(() => tiles.forEach((t) => insert.run(t.z, t.x, 2 ** t.z - 1 - t.y, t.data)))();
  db.close();
}

function varint(value: number, out: number[]): void {
  while (value >= 0x80) {
    out.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  out.push(value);
}

/** A PMTiles v3 archive (spec: github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): uncompressed root directory, no leaves. */
export function writePmtiles(file: string, tiles: TestTile[], metadata: Record<string, unknown> = { attribution: 'Test tiles' }): void {
  const sorted = tiles.map((t) => ({ ...t, id: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  const entries = sorted.map((t, i) => ({ ...t, offset: sorted.slice(0, i).reduce((sum, s) => sum + s.data.length, 0) }));
  const dir: number[] = [];
  varint(entries.length, dir);
  entries.forEach((e, i) => varint(e.id - (i ? entries[i - 1].id : 0), dir));
  entries.forEach(() => varint(1, dir)); // run lengths
  entries.forEach((e) => varint(e.data.length, dir));
  entries.forEach((e, i) => varint(i > 0 && e.offset === entries[i - 1].offset + entries[i - 1].data.length ? 0 : e.offset + 1, dir));
  const root = Buffer.from(dir);
  const json = Buffer.from(JSON.stringify(metadata));
  const data = Buffer.concat(entries.map((e) => e.data));

  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const u64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  u64(8, 127);
  u64(16, root.length);
  u64(24, 127 + root.length);
  u64(32, json.length);
  u64(40, 127 + root.length + json.length);
  u64(48, 0);
  u64(56, 127 + root.length + json.length);
  u64(64, data.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header[96] = 1; // clustered
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = 2; // tile type: png
  header[100] = Math.min(...tiles.map((t) => t.z));
  header[101] = Math.max(...tiles.map((t) => t.z));
  const e7 = (offset: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), offset);
  e7(102, -180);
  e7(106, -85);
  e7(110, 180);
  e7(114, 85);
  header[118] = header[100];
  e7(119, 114.05);
  e7(123, 22.54);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([header, root, json, data]));
}
