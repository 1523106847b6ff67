import { nowIso } from '../../../server/db/time';
import { insertPlatformNotice, readBy, readerOf } from '../../../server/entities/notice/service';
import { type Dialect } from './harness';
import { useTestApi } from './testApi';

const LEVELS = [undefined, 'info', 'warning', 'urgent'] as const;
const READ = [undefined, '0', '1'] as const;
const HOUR = 3_600_000;

/**
 * The notice totals and the bell come from counts the database keeps (migration 102); each step of a notice's life
 * and of its readers' must leave them equal to the notices counted one by one.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('kept notice counts (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, addUser } = api;
  const db = () => api.server.handle.app.db;
  const users: Record<string, number> = {};
  let ownProject: number;
  let otherProject: number;

  beforeAll(async () => {
    for (const name of ['reader', 'bystander']) {
      await addUser(name, 'viewer');
      users[name] = (await db().selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    users.admin = (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    ownProject = (await call('POST', '/api/Project/', 'admin', { name: `计数 ${dialect}`, status: 'active', members: [users.reader] })).body.data.id;
    otherProject = (await call('POST', '/api/Project/', 'admin', { name: `旁观 ${dialect}`, status: 'active' })).body.data.id;
  });

  /** The notices a query of `as` matches, counted one by one (the list's own conditions; the bell counts everyone as a reader). */
  const counted = async (as: string, query: { published?: '0' | '1'; level?: string; unread?: '0' | '1' }, writer = as === 'admin') => {
    let qb = db().selectFrom('notices');
    if (!writer) qb = qb.where(readerOf(users[as]));
    if (query.published === '1' || !writer) qb = qb.where('publish_at', '<=', nowIso());
    if (query.level) qb = qb.where('level', '=', query.level);
    if (query.unread === '1') qb = qb.where((eb) => eb.not(readBy(users[as])(eb)));
    if (query.unread === '0') qb = qb.where(readBy(users[as]));
    return Number((await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  };

  /** Every total and bell of every user, as the API answers them and as counted. */
  const totals = async () => {
    const answered: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const as of ['reader', 'bystander', 'admin']) {
      answered[`${as} bell`] = (await call('GET', '/api/Notice/unread/', as)).body.data.count;
      expected[`${as} bell`] = await counted(as, { published: '1', unread: '1' }, false);
      for (const published of as === 'admin' ? ([undefined, '1'] as const) : (['1'] as const))
        for (const level of LEVELS)
          for (const unread of READ) {
            const params = new URLSearchParams({ page_size: '1', ...(published && { published }), ...(level && { level }), ...(unread && { unread }) });
            const key = `${as} ${params.toString()}`;
            answered[key] = (await call('GET', `/api/Notice/?${params.toString()}`, as)).body.data.total;
            expected[key] = await counted(as, { published, level, unread });
          }
    }
    expect(answered).toEqual(expected);
    return answered;
  };

  const publish = async (title: string, level: string, publishAt = nowIso(Date.now() - HOUR)) =>
    (await call('POST', '/api/Notice/', 'admin', { title, content: title, level, publish_at: publishAt })).body.data.id as number;
  const platformNotice = async (projectId: number) =>
    (await insertPlatformNotice(db(), { facts: { kind: 'test' }, level: 'urgent', project_id: projectId, defect_id: null })).id;

  it('move a read mark with its notice: the mark goes later (with the notice) from where it was counted last', async () => {
    const moved = await platformNotice(ownProject);
    const stays = await publish('留下', 'urgent');
    expect((await call('POST', `/api/Notice/${moved}/read/`, 'reader', {})).status).toBe(200);
    expect((await call('POST', `/api/Notice/${stays}/read/`, 'reader', {})).status).toBe(200);
    // To everyone and another level: the reader's read tally follows it, and so does the mark's own key.
    await db().updateTable('notices').set({ project_id: null, level: 'info' }).where('id', '=', moved).execute();
    await totals();
    // Its mark goes with it and is subtracted from the key it was counted under last.
    expect((await call('DELETE', `/api/Notice/${moved}/`, 'admin')).status).toBe(200);
    await totals();
    expect((await call('DELETE', `/api/Notice/${stays}/`, 'admin')).status).toBe(200);
    await totals();
    expect(await db().selectFrom('notice_read_tallies').select('reads').where('user_id', '=', users.reader).where('reads', '<>', 0).execute()).toEqual([]);
  });

  it('stay right through publish, read, read-all, level and schedule changes, audience changes and deletes', async () => {
    const info = await publish('通知一', 'info');
    const warning = await publish('通知二', 'warning');
    await publish('通知三', 'urgent');
    const scheduled = await publish('以后', 'info', '2099-01-01T00:00:00.000Z');
    const ownUrgent = await platformNotice(ownProject);
    await platformNotice(otherProject);
    expect((await totals())['reader bell']).toBe(4);

    // Read: once or twice, the count drops once; a scheduled notice cannot be read.
    expect((await call('POST', `/api/Notice/${info}/read/`, 'reader', {})).status).toBe(200);
    expect((await call('POST', `/api/Notice/${info}/read/`, 'reader', {})).status).toBe(200);
    expect((await call('POST', `/api/Notice/${ownUrgent}/read/`, 'reader', {})).status).toBe(200);
    expect((await call('POST', `/api/Notice/${warning}/read/`, 'bystander', {})).status).toBe(200);
    expect((await totals())['reader bell']).toBe(2);

    // A read notice moves to another level, then into the future and back.
    expect((await call('PATCH', `/api/Notice/${info}/`, 'admin', { level: 'urgent' })).status).toBe(200);
    await totals();
    expect((await call('PATCH', `/api/Notice/${info}/`, 'admin', { publish_at: '2099-06-01T00:00:00.000Z' })).status).toBe(200);
    expect((await totals())['reader bell']).toBe(2);
    expect((await call('PATCH', `/api/Notice/${info}/`, 'admin', { publish_at: nowIso(Date.now() - 2 * HOUR) })).status).toBe(200);
    await totals();

    // The audience changes: the reader leaves the project and comes back; a read notice moves to another project.
    expect((await call('PATCH', `/api/Project/${ownProject}/`, 'admin', { members: [] })).status).toBe(200);
    expect((await totals())['reader bell']).toBe(2);
    expect((await call('PATCH', `/api/Project/${ownProject}/`, 'admin', { members: [users.reader, users.bystander] })).status).toBe(200);
    expect((await totals())['bystander bell']).toBe(3);
    await db().updateTable('notices').set({ project_id: otherProject }).where('id', '=', ownUrgent).execute();
    await totals();
    await db().updateTable('notices').set({ project_id: ownProject }).where('id', '=', ownUrgent).execute();
    await totals();

    // Read-all, then a new notice, then deletes of read, unread and scheduled ones.
    expect((await call('POST', '/api/Notice/read-all/', 'reader', {})).body.data.marked).toBe(2);
    expect((await totals())['reader bell']).toBe(0);
    const later = await publish('通知四', 'warning');
    expect((await totals())['reader bell']).toBe(1);
    for (const id of [info, later, scheduled]) expect((await call('DELETE', `/api/Notice/${id}/`, 'admin')).status).toBe(200);
    expect((await totals())['reader bell']).toBe(0);

    // A user's marks go with the user.
    await db().deleteFrom('users').where('id', '=', users.bystander).execute();
    expect(await db().selectFrom('notice_read_tallies').selectAll().where('user_id', '=', users.bystander).execute()).toEqual([]);
  });
});
