import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/** At most this many files in one archive (a page of the library is 48; a selection over pages stays well below). */
export const ARCHIVE_MAX_FILES = 500;

/**
 * Names for the files of one archive, in order: a name met again gets " (2)", " (3)"… before its extension, so no
 * entry hides another (two docks may both have taken a DJI_0001.JPG).
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export interface ArchiveFile {
  name: string;
  /** The file's bytes, opened only when its turn comes (one object read at a time). */
  open(): Promise<Readable>;
}

/** Resolves once `out` can take more bytes, or has been closed (the client went away). */
const writable = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });

/**
 * A ZIP of `files` (stored, not compressed: photos and videos are compressed already), streamed: each object is read
 * as it goes out, never the whole archive in memory; the reading waits while the client is slower than the store.
 */
export function zipArchive(files: readonly ArchiveFile[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else if (!out.destroyed) {
      out.write(chunk);
      if (final) out.end();
    }
  });
  void (async () => {
    const names = uniqueNames(files.map((f) => f.name));
    for (const [i, file] of files.entries()) {
      const entry = new ZipPassThrough(names[i]);
      zip.add(entry);
      const body = await file.open();
      for await (const chunk of body) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await writable(out);
        if (out.destroyed) {
          body.destroy();
          return;
        }
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
