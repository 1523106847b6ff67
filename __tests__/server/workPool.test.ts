import { WorkPool } from '../../server/workPool';

/** Work that ends when the test says so, and says when it started. */
function gatedWork() {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const work = (name: string) => async () => {
    started.push(name);
    await new Promise<void>((resolve) => releases.set(name, resolve));
  };
  return { started, work, release: (name: string) => releases.get(name)!() };
}

describe('WorkPool', () => {
  it('runs at most `limit` at once, the rest in the order given; idle once all ended', async () => {
    const pool = new WorkPool(2, () => undefined);
    const { started, work, release } = gatedWork();
    for (const name of ['a', 'b', 'c']) pool.run(work(name));
    expect(started).toEqual(['a', 'b']);
    const idle = pool.idle();
    release('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    release('b');
    release('c');
    await idle;
  });

  it('drops what has not started on clear; a failure goes to `failed` and frees its place', async () => {
    const failures: unknown[] = [];
    const pool = new WorkPool(1, (error) => failures.push(error));
    const { started, work, release } = gatedWork();
    pool.run(work('a'));
    pool.run(work('b'));
    pool.clear();
    release('a');
    await pool.idle();
    expect(started).toEqual(['a']);
    pool.run(async () => {
      throw new Error('boom');
    });
    pool.run(work('after'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual([new Error('boom')]);
    expect(started).toEqual(['a', 'after']);
    release('after');
    await pool.idle();
  });

  it('refuses a limit below one', () => {
    expect(() => new WorkPool(0, () => undefined)).toThrow(/at least one/);
  });
});
