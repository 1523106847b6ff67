import { deviceTopic, statusTopic } from '@shared/dji/topics';
import { drcDownTopic, drcUpTopic } from '@shared/dji/drcMessages';
import { isScopedSysinfoTopic, namespaceFilters, SCOPE_ID_PATTERN, scopedSysinfoFilter, SYSINFO_FILTER, SYSINFO_TOPICS } from '@shared/topics';

/**
 * What this server asks of Mosquitto's dynamic-security plugin (docs/mqtt.md "External broker with dynamic
 * security"): the names and ACLs of the clients and roles it provisions, as plain commands. No I/O here.
 */

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

/** `textname` of every client this server provisions: a re-sync deletes such clients that no longer have a reason to exist. */
export const PROVISIONED_MARK = 'skyline-provisioned';
const ROLE_PREFIX = 'skyline-';

/**
 * One account per browser connection (`nonce`), so a second tab of the same session does not replace the first
 * one's; all of them end with the session.
 */
export const webUsername = (sessionId: string, nonce: string) => `skyline-web-${sessionId}.${nonce}`;
/** The session a browser client was provisioned for, or null for any other username. */
export const sessionOfWebUsername = (username: string) => /^skyline-web-([^.]+)\.[^.]+$/.exec(username)?.[1] ?? null;
/** One role per browser session (its ACLs follow the user's data scope). */
export const webRole = (sessionId: string) => `skyline-web-${sessionId}`;
/** One role per gateway serial, shared by the clients that speak for it (a dock, or its pilot's sessions). */
export const gatewayRole = (sn: string) => `skyline-gw-${sn}`;

export type AclType = 'publishClientSend' | 'subscribePattern' | 'subscribeLiteral';
export interface DynsecAcl {
  acltype: AclType;
  topic: string;
  allow: true;
}
export type DynsecCommand = { command: string } & Record<string, unknown>;

/**
 * What a browser may hear about: everything, or these devices and its scope's share of the scoped sysinfo topics
 * (published under the scope's `id`, scopedSysinfo.ts).
 */
export type BrowserAclScope = 'all' | { id: string; serials: readonly string[] };

/** A serial fit to stand in a topic and a name: no wildcard, no separator (DJI serials are alphanumeric). */
export const isPlainSerial = (sn: string) => /^[A-Za-z0-9_-]{1,64}$/.test(sn);

const allow = (acltype: AclType, topic: string): DynsecAcl => ({ acltype, topic, allow: true });

/** Device topics a browser may read; the console never publishes (the plugin denies unlisted publishes). */
const BROWSER_DEVICE_CHANNELS = ['osd', 'state', 'events'] as const;
/** What a gateway publishes about itself (DJI Cloud API uplink, dji-cloud-api.md §2). */
const GATEWAY_UPLINK = ['events', 'requests', 'services_reply', 'property/set_reply'] as const;
/** What a gateway publishes for itself and each declared sub-device. */
const DEVICE_UPLINK = ['osd', 'state'] as const;

export function serverAcls(): DynsecAcl[] {
  return [allow('publishClientSend', '#'), allow('subscribePattern', '#')];
}

/**
 * A browser reads sysinfo and its devices' topics. Scope `all`: every sysinfo topic and device. Otherwise the sysinfo
 * topics that name nothing scoped, its scope's own share of the others (never `sysinfo/fleet` itself, which names
 * every aircraft), and its devices; serials that are not plain (a `+`, `#` or `/` would widen the ACL) are left out,
 * and so is a scope id that is not.
 */
export function browserAcls(scope: BrowserAclScope): DynsecAcl[] {
  const devices = (serials: readonly string[]) =>
    serials.flatMap((sn) => BROWSER_DEVICE_CHANNELS.map((channel) => allow('subscribePattern', deviceTopic(sn, channel))));
  if (scope === 'all') return [allow('subscribePattern', SYSINFO_FILTER), ...devices(['+'])];
  return [
    ...SYSINFO_TOPICS.filter((topic) => !isScopedSysinfoTopic(topic)).map((topic) => allow('subscribeLiteral', topic)),
    ...(SCOPE_ID_PATTERN.test(scope.id) ? [allow('subscribePattern', scopedSysinfoFilter(scope.id))] : []),
    ...devices(scope.serials.filter(isPlainSerial)),
  ];
}

/**
 * A gateway writes only its own uplink topics and its sub-devices' telemetry, and reads only what is addressed to it.
 * `gatewaySn` must be plain (`isPlainSerial`, checked where it enters); sub-devices that are not are left out.
 */
export function gatewayAcls(gatewaySn: string, subSerials: readonly string[]): DynsecAcl[] {
  return [
    allow('publishClientSend', statusTopic(gatewaySn)),
    ...GATEWAY_UPLINK.map((channel) => allow('publishClientSend', deviceTopic(gatewaySn, channel))),
    ...[gatewaySn, ...subSerials.filter((sn) => sn !== gatewaySn && isPlainSerial(sn))].flatMap((sn) =>
      DEVICE_UPLINK.map((channel) => allow('publishClientSend', deviceTopic(sn, channel))),
    ),
    ...namespaceFilters(gatewaySn).map((filter) => allow('subscribePattern', filter)),
  ];
}

/** One role per side of a gateway's DRC link, shared by that side's credentials (one at a time). */
export const drcRole = (side: 'browser' | 'device', gatewaySn: string) => `skyline-drc-${side}-${gatewaySn}`;

/**
 * A DRC link's side publishes one topic and reads one of its gateway: the browser drc/down and drc/up, the device the
 * other way round. `gatewaySn` must be plain (`isPlainSerial`).
 */
export function drcAcls(side: 'browser' | 'device', gatewaySn: string): DynsecAcl[] {
  const [publish, read] = side === 'browser' ? [drcDownTopic(gatewaySn), drcUpTopic(gatewaySn)] : [drcUpTopic(gatewaySn), drcDownTopic(gatewaySn)];
  return [allow('publishClientSend', publish), allow('subscribeLiteral', read)];
}

/** Creates the role or, when it exists, gives it exactly these ACLs. */
export function upsertRole(rolename: string, acls: DynsecAcl[]): DynsecCommand[] {
  return [
    { command: 'createRole', rolename, acls },
    { command: 'modifyRole', rolename, acls },
  ];
}

const aclKey = (a: { acltype: string; topic: string; allow: boolean }) => `${a.acltype} ${a.allow ? 'allow' : 'deny'} ${a.topic}`;

/**
 * Brings a role to exactly these ACLs, or nothing when it has them already: every change makes the plugin rewrite its
 * whole configuration file, and the re-sync runs often.
 */
export function syncRole(rolename: string, current: ListedRole | undefined, acls: DynsecAcl[]): DynsecCommand[] {
  if (!current) return upsertRole(rolename, acls);
  const have = new Set((current.acls ?? []).map(aclKey));
  const same = have.size === acls.length && acls.every((a) => have.has(aclKey(a)));
  return same ? [] : [{ command: 'modifyRole', rolename, acls }];
}

/**
 * (Re)creates a client with a new password and these roles, bound to `clientId` when given; a connection made with the
 * old one is kicked.
 */
export function replaceClient(username: string, password: string, roles: string[], clientId?: string): DynsecCommand[] {
  return [
    { command: 'deleteClient', username },
    {
      command: 'createClient',
      username,
      password,
      ...(clientId ? { clientid: clientId } : {}),
      textname: PROVISIONED_MARK,
      roles: roles.map((rolename) => ({ rolename })),
    },
  ];
}

export interface ListedRole {
  rolename: string;
  acls?: (Omit<DynsecAcl, 'allow'> & { allow: boolean; priority?: number })[];
}

/**
 * Widens the server's own admin role (the one `mosquitto_ctrl dynsec init` made for MQTT_USER) to publish and
 * subscribe everywhere, keeping its ACLs; nothing when it already may. modifyRole, because the plugin disconnects the
 * clients of a role on addRoleACL and a client on addClientRole, which would cut the server's own connection.
 */
export function widenServerRole(role: ListedRole): DynsecCommand[] {
  const acls = role.acls ?? [];
  const missing = serverAcls().filter((wanted) => !acls.some((a) => a.acltype === wanted.acltype && a.topic === wanted.topic && a.allow));
  return missing.length ? [{ command: 'modifyRole', rolename: role.rolename, acls: [...acls, ...missing] }] : [];
}

/** Answers that mean "already as wanted", so the commands above can be replayed. */
const HARMLESS: Record<string, string> = {
  createRole: 'Role already exists',
  deleteClient: 'Client not found',
  deleteRole: 'Role not found',
};
export const isHarmless = (command: string, error: string) => HARMLESS[command] === error;

export interface ListedClient {
  username: string;
  textname?: string;
  roles?: { rolename: string }[];
}

/**
 * Re-sync: deletes the provisioned clients not in `wanted`, then the roles of ours no remaining client holds.
 * Clients someone else created (no mark) and their roles are left alone.
 */
export function pruneCommands(clients: readonly ListedClient[], roles: readonly string[], wanted: ReadonlySet<string>): DynsecCommand[] {
  const stale = clients.filter((c) => c.textname === PROVISIONED_MARK && !wanted.has(c.username));
  const held = new Set(clients.filter((c) => !stale.includes(c)).flatMap((c) => (c.roles ?? []).map((r) => r.rolename)));
  return [
    ...stale.map((c) => ({ command: 'deleteClient', username: c.username })),
    ...roles.filter((r) => r.startsWith(ROLE_PREFIX) && !held.has(r)).map((rolename) => ({ command: 'deleteRole', rolename })),
  ];
}
