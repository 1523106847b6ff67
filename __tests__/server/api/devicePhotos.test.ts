import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { multipart, PNG, type Dialect } from './harness';
import { removeOrphanUploads } from '../../../server/api/uploads';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('device photos API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, total } = api;

  describe(`device photos (${dialect})`, () => {
    const fields = (serial: string) => ({ serial, name: 'Photo drone', model: 'Mavic 3E', kind: 'aircraft', battery: '90', dept_id: '' });

    it('accepts a PNG, stores it under a generated name and serves it safely', async () => {
      const body = multipart(fields('PHOTO-0001'), { field: 'photo', filename: '../../evil.html', contentType: 'text/html', data: PNG });
      const response = await call('POST', '/api/Device/', 'operator1', body.payload, body.headers);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        serial: 'PHOTO-0001',
        battery: 90,
        // An empty dept_id is absent: the device is filed under its creator's department (data scope).
        dept_id: expect.any(Number),
        photo: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
      });
      const file = await api.server.handle.app.inject({ method: 'GET', url: response.body.data.photo });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect((await api.server.handle.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fskyline.db' })).statusCode).toBe(404);
      const replaced = multipart(
        { name: 'With new photo' },
        { field: 'photo', filename: 'a.webp', contentType: 'image/webp', data: Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(32)]) },
      );
      const put = await call('PUT', `/api/Device/${response.body.data.id}/`, 'operator1', replaced.payload, replaced.headers);
      expect(put.body.data).toMatchObject({ name: 'With new photo', photo: expect.stringMatching(/\.webp$/) });
    });

    const uploads = () =>
      fs.existsSync(path.join(api.server.root, 'data', 'uploads')) ? fs.readdirSync(path.join(api.server.root, 'data', 'uploads')).sort() : [];
    const fileOf = (url: string) => path.join(api.server.root, 'data', 'uploads', path.basename(url));
    const createWithPhoto = async (serial: string) => {
      const body = multipart(fields(serial), { field: 'photo', filename: 'p.png', contentType: 'image/png', data: PNG });
      return call('POST', '/api/Device/', 'operator1', body.payload, body.headers);
    };

    it('removes a photo file once its device lets go of it: photo replaced or device deleted', async () => {
      const device = (await createWithPhoto('PHOTO-0010')).body.data;
      expect(fs.existsSync(fileOf(device.photo))).toBe(true);
      const replaced = multipart({ name: 'New photo' }, { field: 'photo', filename: 'q.png', contentType: 'image/png', data: PNG });
      const photo = (await call('PUT', `/api/Device/${device.id}/`, 'operator1', replaced.payload, replaced.headers)).body.data.photo;
      expect(fs.existsSync(fileOf(device.photo))).toBe(false);
      expect(fs.existsSync(fileOf(photo))).toBe(true);
      expect((await call('PATCH', `/api/Device/${device.id}/`, 'operator1', { name: 'Same photo' })).body.data.photo).toBe(photo);
      expect(fs.existsSync(fileOf(photo))).toBe(true);
      expect((await call('DELETE', `/api/Device/${device.id}/`, 'operator1')).status).toBe(200);
      expect(fs.existsSync(fileOf(photo))).toBe(false);
    });

    it('removes the stored photo when the database write fails after it', async () => {
      const db = api.server.handle.app.db;
      // A trigger makes the insert itself fail, after the checks passed and the file was stored.
      if (dialect === 'sqlite')
        await sql`create trigger refuse_photo_fail before insert on devices when new.serial = 'PHOTO-FAIL' begin select raise(abort, 'refused by test'); end`.execute(
          db,
        );
      else {
        await sql`create function refuse_photo_fail() returns trigger language plpgsql as $$ begin if new.serial = 'PHOTO-FAIL' then raise exception 'refused by test'; end if; return new; end $$`.execute(
          db,
        );
        await sql`create trigger refuse_photo_fail before insert on devices for each row execute function refuse_photo_fail()`.execute(db);
      }
      try {
        const before = uploads();
        expect((await createWithPhoto('PHOTO-FAIL')).status).toBe(500);
        expect(uploads()).toEqual(before);
      } finally {
        await sql`drop trigger refuse_photo_fail${sql.raw(dialect === 'postgres' ? ' on devices' : '')}`.execute(db);
        if (dialect === 'postgres') await sql`drop function refuse_photo_fail()`.execute(db);
      }
    });

    it('sweeps only upload files that no row refers to and that are older than the age limit', async () => {
      const kept = (await createWithPhoto('PHOTO-0012')).body.data.photo as string;
      const dir = path.join(api.server.root, 'data', 'uploads');
      const hourAgo = new Date(Date.now() - 3_600_000);
      const plant = (name: string, old: boolean) => {
        fs.writeFileSync(path.join(dir, name), PNG);
        if (old) fs.utimesSync(path.join(dir, name), hourAgo, hourAgo);
      };
      plant('00000000-0000-4000-8000-000000000001.png', true);
      plant('00000000-0000-4000-8000-000000000002.png', false);
      plant('notes.txt', true);
      fs.utimesSync(fileOf(kept), hourAgo, hourAgo);
      const before = uploads();
      expect(await removeOrphanUploads(api.server.handle.app.db, path.join(api.server.root, 'data'), 60_000)).toEqual([
        '00000000-0000-4000-8000-000000000001.png',
      ]);
      expect(uploads()).toEqual(before.filter((name) => name !== '00000000-0000-4000-8000-000000000001.png'));
      fs.rmSync(path.join(dir, '00000000-0000-4000-8000-000000000002.png'));
      fs.rmSync(path.join(dir, 'notes.txt'));
    });

    it('still deletes the device when its photo file cannot be removed', async () => {
      const device = (await createWithPhoto('PHOTO-0011')).body.data;
      // A directory in the file's place makes the removal fail.
      fs.rmSync(fileOf(device.photo));
      fs.mkdirSync(fileOf(device.photo));
      try {
        expect((await call('DELETE', `/api/Device/${device.id}/`, 'operator1')).status).toBe(200);
        expect((await call('GET', `/api/Device/${device.id}/`, 'viewer1')).status).toBe(404);
      } finally {
        fs.rmSync(fileOf(device.photo), { recursive: true, force: true });
      }
    });

    it('rejects files that are not images or larger than 5 MB, writing nothing', async () => {
      const before = await total('/api/Device/');
      const files = uploads();
      const fake = multipart(fields('PHOTO-0002'), {
        field: 'photo',
        filename: 'photo.png',
        contentType: 'image/png',
        data: Buffer.from('<svg onload=alert(1)>'),
      });
      const response = await call('POST', '/api/Device/', 'operator1', fake.payload, fake.headers);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'photo' })]);
      const big = multipart(fields('PHOTO-0003'), {
        field: 'photo',
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      });
      const tooBig = await call('POST', '/api/Device/', 'operator1', big.payload, big.headers);
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.errors).toEqual([expect.objectContaining({ field: 'photo' })]);
      const invalid = multipart({ serial: 'PHOTO-0004' }, { field: 'photo', filename: 'ok.png', contentType: 'image/png', data: PNG });
      expect((await call('POST', '/api/Device/', 'operator1', invalid.payload, invalid.headers)).status).toBe(400);
      expect(await total('/api/Device/')).toBe(before);
      expect(uploads()).toEqual(files);
    });

    it('refuses an empty photo file (0 bytes), writing nothing; a file field left empty by the form is no photo', async () => {
      const before = await total('/api/Device/');
      const files = uploads();
      const empty = multipart(fields('PHOTO-0005'), { field: 'photo', filename: 'empty.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) });
      const refused = await call('POST', '/api/Device/', 'operator1', empty.payload, empty.headers);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error_code: 'upload.empty_file', params: { field: 'photo' } });
      expect(await total('/api/Device/')).toBe(before);
      expect(uploads()).toEqual(files);
      const noFileChosen = multipart(fields('PHOTO-0006'), { field: 'photo', filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) });
      const created = await call('POST', '/api/Device/', 'operator1', noFileChosen.payload, noFileChosen.headers);
      expect(created.status).toBe(200);
      expect(created.body.data.photo ?? null).toBeNull();
    });
  });
});
