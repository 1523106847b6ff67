import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { unzipSync } from 'fflate';
import { uniqueNames, zipArchive } from '../../../server/media/archive';

describe('uniqueNames', () => {
  it.each([
    ['distinct names stay', ['a.JPG', 'b.JPG'], ['a.JPG', 'b.JPG']],
    ['a repeat gets (2), (3) before the extension', ['DJI_0001.JPG', 'DJI_0001.JPG', 'DJI_0001.JPG'], ['DJI_0001.JPG', 'DJI_0001 (2).JPG', 'DJI_0001 (3).JPG']],
    ['case-insensitively (Windows and macOS unzip so)', ['a.jpg', 'A.JPG'], ['a.jpg', 'A (2).JPG']],
    ['no extension', ['clip', 'clip'], ['clip', 'clip (2)']],
    ['a made name taken already is skipped', ['a (2).JPG', 'a.JPG', 'a.JPG'], ['a (2).JPG', 'a.JPG', 'a (3).JPG']],
  ])('%s', (_name, names, expected) => {
    expect(uniqueNames(names)).toEqual(expected);
  });
});

describe('zipArchive', () => {
  it('streams each file as it is read, to a slow reader, and the archive unzips to the same bytes', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const opened: string[] = [];
    const file = (name: string, bytes: Buffer) => ({
      name,
      open: async () => {
        opened.push(name);
        return Readable.from([bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)]);
      },
    });
    const archive = zipArchive([file('big.bin', big), file('small.JPG', Buffer.from('photo')), file('small.JPG', Buffer.from('other'))]);
    const chunks: Buffer[] = [];
    // A reader taking 64 KiB at a time, slower than the source: the archive waits instead of buffering it all.
    await pipeline(
      archive,
      new Writable({
        highWaterMark: 64 * 1024,
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          setImmediate(done);
        },
      }),
    );
    expect(opened).toEqual(['big.bin', 'small.JPG', 'small.JPG']);
    const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Buffer.from(entries['big.bin']).equals(big)).toBe(true);
    expect(Buffer.from(entries['small.JPG']).toString()).toBe('photo');
    expect(Buffer.from(entries['small (2).JPG']).toString()).toBe('other');
  });

  it('ends with an error when a file cannot be read', async () => {
    const archive = zipArchive([{ name: 'gone.JPG', open: () => Promise.reject(new Error('NoSuchKey')) }]);
    await expect(pipeline(archive, new Writable({ write: (_c, _e, done) => done() }))).rejects.toThrow('NoSuchKey');
  });
});
