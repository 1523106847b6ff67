import { type Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { demoUser, makeProject, pilotCaller } from './pilotApi';

/** Pilot 2's situational view: the gateways (with their aircraft) the caller's data scope shows. */
describe.each<Dialect>(['sqlite', 'postgres'])('Pilot 2 device topologies (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const pilot = pilotCaller(api);
  let own: number;

  beforeAll(async () => {
    api.tokens.operator2 = (await api.login('operator2', api.server.handle.demoPasswords!.operator2)).body.data.token;
    own = await makeProject(api, `pilot-topo-${dialect}`, (await demoUser(api, 'operator1')).dept_id);
    const add = async (as: string, serial: string, kind: string) =>
      expect((await api.call('POST', '/api/Device/', as, { serial, name: `${serial} name`, model: 'M30T', kind })).status).toBe(200);
    await add('operator1', 'TOPO-RC-1', 'remote_controller');
    await add('operator1', 'TOPO-AC-1', 'aircraft');
    await add('operator2', 'TOPO-RC-2', 'remote_controller');
    const db = api.server.handle.database.db;
    await db
      .updateTable('devices')
      .set({ gateway_sn: 'TOPO-RC-1', dji_domain: 0, dji_type: 67, dji_sub_type: 1, status: 'online' })
      .where('serial', '=', 'TOPO-AC-1')
      .execute();
  });

  it("lists the caller's gateways with their aircraft in DJI's shape, and not another department's", async () => {
    const answer = await pilot('GET', `/manage/api/v1/workspaces/${own}/devices/topologies`, 'operator1');
    expect(answer.body).toMatchObject({ code: 0, message: 'success' });
    const list = answer.body.data.list as { parents: { sn: string }[]; hosts: unknown[] }[];
    expect(list.map((entry) => entry.parents[0].sn).filter((sn) => sn.startsWith('TOPO-'))).toEqual(['TOPO-RC-1']);
    const entry = list.find((e) => e.parents[0].sn === 'TOPO-RC-1')!;
    expect(entry.hosts).toEqual([
      {
        sn: 'TOPO-AC-1',
        device_model: { key: '0-67-1', domain: '0', type: '67', sub_type: '1' },
        online_status: true,
        device_callsign: 'TOPO-AC-1 name',
        user_id: '',
        user_callsign: '',
        icon_urls: { normal_icon_url: expect.stringMatching(/^resource:\/\/Pilot2\//), selected_icon_url: expect.stringMatching(/^resource:\/\/Pilot2\//) },
      },
    ]);
    const admin = (await pilot('GET', `/manage/api/v1/workspaces/${own}/devices/topologies`, 'admin')).body.data.list as { parents: { sn: string }[] }[];
    expect(admin.map((e) => e.parents[0].sn)).toEqual(expect.arrayContaining(['TOPO-RC-1', 'TOPO-RC-2']));
  });

  it('refuses a foreign workspace and a missing token', async () => {
    expect((await pilot('GET', `/manage/api/v1/workspaces/${own}/devices/topologies`, 'operator2')).status).toBe(404);
    expect((await pilot('GET', `/manage/api/v1/workspaces/${own}/devices/topologies`)).status).toBe(401);
  });
});
