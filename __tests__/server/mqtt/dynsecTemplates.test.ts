import {
  browserAcls,
  gatewayAcls,
  isHarmless,
  PROVISIONED_MARK,
  pruneCommands,
  replaceClient,
  sessionOfWebUsername,
  syncRole,
  upsertRole,
  webUsername,
  widenServerRole,
  type DynsecAcl,
  type ListedClient,
} from '../../../server/mqtt/dynsec/templates';

const topics = (acls: DynsecAcl[], acltype: DynsecAcl['acltype']) => acls.filter((a) => a.acltype === acltype).map((a) => a.topic);

describe('dynamic-security ACL templates', () => {
  const ID = '0123456789abcdef01234567';
  /** What a scoped browser reads of sysinfo: the topics naming nothing scoped, and its scope's own share of the others. */
  const SCOPED_SYSINFO = { subscribeLiteral: ['sysinfo/notice', 'sysinfo/map'], subscribePattern: [`sysinfo/scope/${ID}/#`] };
  const deviceTopics = (sn: string) => [`thing/product/${sn}/osd`, `thing/product/${sn}/state`, `thing/product/${sn}/events`];
  it.each<[string, Parameters<typeof browserAcls>[0], { subscribeLiteral: string[]; subscribePattern: string[] }]>([
    ['every sysinfo topic and every device', 'all', { subscribeLiteral: [], subscribePattern: ['sysinfo/#', ...deviceTopics('+')] }],
    [
      "its scope's sysinfo and its devices only",
      { id: ID, serials: ['SN1'] },
      { ...SCOPED_SYSINFO, subscribePattern: [...SCOPED_SYSINFO.subscribePattern, ...deviceTopics('SN1')] },
    ],
    ["its scope's sysinfo and no device", { id: ID, serials: [] }, SCOPED_SYSINFO],
    [
      'a serial with a wildcard or separator left out',
      { id: ID, serials: ['A+', 'B#', 'C/D', 'OK'] },
      { ...SCOPED_SYSINFO, subscribePattern: [...SCOPED_SYSINFO.subscribePattern, ...deviceTopics('OK')] },
    ],
    ['a scope id that could widen the filter left out', { id: '+', serials: [] }, { ...SCOPED_SYSINFO, subscribePattern: [] }],
  ])('a browser reads %s, and publishes nothing', (_name, scope, subscribe) => {
    const acls = browserAcls(scope);
    expect(topics(acls, 'subscribeLiteral')).toEqual(subscribe.subscribeLiteral);
    expect(topics(acls, 'subscribePattern')).toEqual(subscribe.subscribePattern);
    expect(topics(acls, 'publishClientSend')).toEqual([]);
    expect(acls.every((a) => a.allow)).toBe(true);
  });

  it.each<[string, string[], string[]]>([
    ['alone', [], []],
    ['with its aircraft', ['AC1'], ['thing/product/AC1/osd', 'thing/product/AC1/state']],
    ['itself listed as a sub-device, and an unsafe serial, are not repeated or widened', ['GW1', 'X/#'], []],
  ])('a gateway writes its own uplink and its sub-devices telemetry: %s', (_name, subs, subTopics) => {
    const acls = gatewayAcls('GW1', subs);
    expect(topics(acls, 'publishClientSend')).toEqual([
      'sys/product/GW1/status',
      'thing/product/GW1/events',
      'thing/product/GW1/requests',
      'thing/product/GW1/services_reply',
      'thing/product/GW1/property/set_reply',
      'thing/product/GW1/osd',
      'thing/product/GW1/state',
      ...subTopics,
    ]);
    expect(topics(acls, 'subscribePattern')).toEqual(['sys/product/GW1/#', 'thing/product/GW1/#']);
  });

  it.each<[string, string | null]>([
    [webUsername('5f0c-11', 'a1b2'), '5f0c-11'],
    ['skyline-web-5f0c-11', null],
    ['skyline-web-a.b.c', null],
    ['DOCK1', null],
  ])('names a browser account after its session and connection: %s belongs to session %p', (username, session) =>
    expect(sessionOfWebUsername(username)).toBe(session),
  );

  it('replaces a client (delete, then create marked with these roles) and upserts a role', () => {
    expect(replaceClient('u', 'p', ['r'])).toEqual([
      { command: 'deleteClient', username: 'u' },
      { command: 'createClient', username: 'u', password: 'p', textname: PROVISIONED_MARK, roles: [{ rolename: 'r' }] },
    ]);
    expect(upsertRole('r', [])).toEqual([
      { command: 'createRole', rolename: 'r', acls: [] },
      { command: 'modifyRole', rolename: 'r', acls: [] },
    ]);
  });

  const sysinfo: DynsecAcl = { acltype: 'subscribePattern', topic: 'sysinfo/#', allow: true };
  const osd: DynsecAcl = { acltype: 'subscribePattern', topic: 'thing/product/SN1/osd', allow: true };
  it.each<[string, Parameters<typeof syncRole>[1], DynsecAcl[], string[]]>([
    ['a missing role is created', undefined, [sysinfo], ['createRole', 'modifyRole']],
    ['the same ACLs in another order, with priorities: nothing', { rolename: 'r', acls: [{ ...osd, priority: 0 }, sysinfo] }, [sysinfo, osd], []],
    ['one ACL more', { rolename: 'r', acls: [sysinfo] }, [sysinfo, osd], ['modifyRole']],
    ['one ACL less', { rolename: 'r', acls: [sysinfo, osd] }, [sysinfo], ['modifyRole']],
    ['a deny where an allow is wanted', { rolename: 'r', acls: [{ ...sysinfo, allow: false }] }, [sysinfo], ['modifyRole']],
  ])('syncs a role: %s', (_name, current, acls, commands) => expect(syncRole('r', current, acls).map((c) => c.command)).toEqual(commands));

  it.each<[string, string, boolean]>([
    ['createRole', 'Role already exists', true],
    ['deleteClient', 'Client not found', true],
    ['deleteRole', 'Role not found', true],
    ['createClient', 'Client already exists', false],
    ['modifyRole', 'Role does not exist', false],
    ['createRole', 'Internal error', false],
  ])('%s answering "%s" is harmless: %s', (command, error, harmless) => expect(isHarmless(command, error)).toBe(harmless));

  it.each<[string, Parameters<typeof widenServerRole>[0], number]>([
    [
      'the admin role of dynsec init gets publish and subscribe on #',
      { rolename: 'admin', acls: [{ acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true }] },
      2,
    ],
    [
      'already wide: nothing',
      {
        rolename: 'admin',
        acls: [
          { acltype: 'publishClientSend', topic: '#', allow: true },
          { acltype: 'subscribePattern', topic: '#', allow: true },
        ],
      },
      0,
    ],
    ['a deny on # is not access', { rolename: 'admin', acls: [{ acltype: 'subscribePattern', topic: '#', allow: false }] }, 2],
  ])('widens the server role: %s', (_name, role, added) => {
    const commands = widenServerRole(role);
    if (added === 0) return expect(commands).toEqual([]);
    expect(commands).toEqual([{ command: 'modifyRole', rolename: 'admin', acls: expect.arrayContaining(role.acls ?? []) }]);
    expect((commands[0].acls as unknown[]).length).toBe((role.acls ?? []).length + added);
  });

  it.each<[string, ListedClient[], string[], string[], unknown[]]>([
    [
      'ended sessions and replaced pilots go, with the roles no one holds any more',
      [
        { username: 'skyline-web-live.1', textname: PROVISIONED_MARK, roles: [{ rolename: 'skyline-web-live' }] },
        { username: 'skyline-web-ended.1', textname: PROVISIONED_MARK, roles: [{ rolename: 'skyline-web-ended' }] },
        { username: 'pilot-old', textname: PROVISIONED_MARK, roles: [{ rolename: 'skyline-gw-RC1' }] },
        { username: 'pilot-new', textname: PROVISIONED_MARK, roles: [{ rolename: 'skyline-gw-RC1' }] },
      ],
      ['skyline-web-live', 'skyline-web-ended', 'skyline-gw-RC1'],
      ['skyline-web-live.1', 'pilot-new'],
      [
        { command: 'deleteClient', username: 'skyline-web-ended.1' },
        { command: 'deleteClient', username: 'pilot-old' },
        { command: 'deleteRole', rolename: 'skyline-web-ended' },
      ],
    ],
    [
      "someone else's clients and roles stay",
      [
        { username: 'admin', textname: 'Dynsec admin user', roles: [{ rolename: 'admin' }] },
        { username: 'manual', roles: [] },
      ],
      ['admin', 'other'],
      [],
      [],
    ],
    ['an orphaned role of ours goes', [], ['skyline-gw-GONE'], [], [{ command: 'deleteRole', rolename: 'skyline-gw-GONE' }]],
  ])('re-sync: %s', (_name, clients, roles, wanted, commands) => expect(pruneCommands(clients, roles, new Set(wanted))).toEqual(commands));
});
