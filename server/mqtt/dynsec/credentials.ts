import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { activeSessionUsers } from '../../auth/tokens';
import type { Database } from '../../db/schema';
import { loadSessionScope, scopeId, type SessionScope } from '../browserScope';
import type { ScopedSysinfoBus } from '../scopedSysinfo';
import { isDrcUsername, liveDrcUsernames, type DrcGrant } from '../drcCredentials';
import { issueThingCredentials, liveThingCredentials, newSecret } from '../gateway/credentials';
import type { DeviceStore } from '../../devices/store';
import { gatewayClaimRefusal, type ClaimRefusal } from '../../devices/topology/claims';
import { loadDataScope } from '../../rbac/permissions';
import { HttpError } from '../../http/envelope';
import { DynsecError, type DynsecControl } from './control';
import {
  browserAcls,
  drcAcls,
  drcRole,
  gatewayAcls,
  gatewayRole,
  pruneCommands,
  replaceClient,
  sessionOfWebUsername,
  syncRole,
  upsertRole,
  widenServerRole,
  webRole,
  webUsername,
  type DynsecCommand,
  type ListedClient,
  type BrowserAclScope,
  type ListedRole,
} from './templates';

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
type Session = { userId: number; sessionId: string };

/**
 * Per-session browser accounts and per-device gateway accounts on an external Mosquitto, provisioned through its
 * dynamic-security plugin (MQTT_DYNSEC=1). The database stays the source of truth: `reconcile` deletes every
 * provisioned client whose session ended, whose pilot credential was replaced, whose dock is gone or whose DRC link
 * was exited or expired, and re-reads the browsers' data scopes.
 */
export class DynsecCredentials {
  /** The sub-devices each gateway's role was last written with by this instance. */
  private readonly declared = new Map<string, string>();

  constructor(
    private readonly options: {
      control: DynsecControl;
      db: Kysely<Database>;
      store: Pick<DeviceStore, 'registeredDocks' | 'claimRows'>;
      /** The sub-devices a gateway declared so far (its role is rebuilt with them). */
      subDevicesOf: (gatewaySn: string) => string[];
      /** Where each browser scope's share of the scoped sysinfo topics is published. */
      scopes: Pick<ScopedSysinfoBus, 'add' | 'replace'>;
      log: Log;
    },
  ) {}

  /** Gives the server's own account full access, then drops what no longer has a reason to exist. */
  async start(serverUsername: string): Promise<void> {
    // Straight to the control: a broker without the plugin fails the start with its own message.
    const { control } = this.options;
    const [own] = await control.run([{ command: 'getClient', username: serverUsername }]);
    const adminRole = (own.data as { client?: ListedClient } | undefined)?.client?.roles?.[0]?.rolename;
    if (!adminRole) throw new DynsecError(`MQTT_USER ${serverUsername} holds no role: make it the admin with mosquitto_ctrl dynsec init`);
    const [role] = await control.run([{ command: 'getRole', rolename: adminRole }]);
    await control.run(widenServerRole((role.data as { role: ListedRole }).role));
    await this.reconcile();
  }

  /**
   * A new account for a browser connection of this session, allowed to read sysinfo and the user's devices, and the
   * id its scoped sysinfo topics are published under (null: scope `all`, the topics themselves).
   */
  async issueBrowser(session: Session): Promise<{ username: string; password: string; scope: string | null }> {
    const username = webUsername(session.sessionId, randomBytes(6).toString('hex'));
    const password = newSecret();
    const scope = await loadSessionScope(this.options.db, session.userId);
    const id = scope === 'all' ? null : await this.options.scopes.add(scope);
    const acls = browserAcls(aclScope(scope, id));
    await this.run([...upsertRole(webRole(session.sessionId), acls), ...replaceClient(username, password, [webRole(session.sessionId)])]);
    return { username, password, scope: id };
  }

  /**
   * Pilot 2 thing credentials of a session, for the gateway (RC) `gatewaySn`, or why its pilot may not speak for that
   * serial (the claim rules: a registered dock's, or a registered RC outside the pilot's data scope).
   */
  async issuePilot(session: Session, gatewaySn: string): Promise<{ username: string; password: string } | { refused: ClaimRefusal }> {
    const refused = gatewayClaimRefusal(await loadDataScope(this.options.db, session.userId), (await this.options.store.claimRows([gatewaySn])).get(gatewaySn));
    if (refused) return { refused };
    const issued = await issueThingCredentials(this.options.db, session, gatewaySn);
    await this.run([...(await this.gatewayRoleCommands(gatewaySn)), ...replaceClient(issued.username, issued.password, [gatewayRole(gatewaySn)])]);
    // The credential this one replaced is no longer in the database.
    await this.reconcile();
    return issued;
  }

  /** A dock's account: its serial and the secret just issued (rotation replaces the account, closing its connection). */
  async issueDock(sn: string, secret: string): Promise<void> {
    await this.run([...(await this.gatewayRoleCommands(sn)), ...replaceClient(sn, secret, [gatewayRole(sn)])]);
  }

  /** The accounts of a DRC link (the browser's and the device's), replacing the link's earlier ones (`replaced`). */
  async issueDrc(grants: DrcGrant[], replaced: string[]): Promise<void> {
    await this.run([
      ...replaced.map((username) => ({ command: 'deleteClient', username })),
      ...grants.flatMap((g) => [
        ...upsertRole(drcRole(g.side, g.gatewaySn), drcAcls(g.side, g.gatewaySn)),
        ...replaceClient(g.username, g.password, [drcRole(g.side, g.gatewaySn)], g.clientId),
      ]),
    ]);
  }

  /** Deletes a DRC link's accounts (exit), which closes their connections. */
  async revokeDrc(usernames: string[]): Promise<void> {
    await this.run(usernames.map((username) => ({ command: 'deleteClient', username })));
  }

  /**
   * A gateway's accepted topology: it may now publish the telemetry of these sub-devices. Awaited before the
   * status_reply, so the devices' next reports pass. A repeated topology (every reconnection sends one) writes nothing.
   */
  async topologyChanged(gatewaySn: string, subSerials: string[]): Promise<void> {
    const key = [...subSerials].sort().join(',');
    if (this.declared.get(gatewaySn) === key) return;
    await this.run(await this.gatewayRoleCommands(gatewaySn, subSerials));
    this.declared.set(gatewaySn, key);
  }

  async reconcile(): Promise<void> {
    const { db } = this.options;
    const [clients, roles] = await this.run([
      { command: 'listClients', verbose: true, count: -1, offset: 0 },
      { command: 'listRoles', verbose: true, count: -1, offset: 0 },
    ]);
    const listed = (clients.data as { clients?: ListedClient[] } | undefined)?.clients ?? [];
    const roleList = (roles.data as { roles?: ListedRole[] } | undefined)?.roles ?? [];
    const usernames = listed.map((c) => c.username);
    const webSessions = await activeSessionUsers(db, [...new Set(usernames.map(sessionOfWebUsername).filter((sid): sid is string => sid !== null))]);
    const browsers = usernames.filter((username) => webSessions.has(sessionOfWebUsername(username) ?? ''));
    const drc = await liveDrcUsernames(db, usernames.filter(isDrcUsername));
    const wanted = new Set([...browsers, ...drc, ...(await this.liveGatewayUsernames(usernames))]);
    const prune = pruneCommands(
      listed,
      roleList.map((r) => r.rolename),
      wanted,
    );
    // Data scopes may have changed (role, department): each browser role follows, rewritten only when it differs, and
    // the scoped sysinfo topics are published for the scopes held now. A rescoped session's browser accounts go (their
    // connections are kicked): the console asks for a new account, which names its new scope's topics.
    const current = new Map(roleList.map((r) => [r.rolename, r]));
    const scopeOf = new Map<number, SessionScope | 'all'>();
    const rescoped: DynsecCommand[] = [];
    for (const [sessionId, userId] of webSessions) {
      const scope = scopeOf.get(userId) ?? (await loadSessionScope(db, userId));
      scopeOf.set(userId, scope);
      const rewrite = syncRole(webRole(sessionId), current.get(webRole(sessionId)), browserAcls(aclScope(scope, scope === 'all' ? null : scopeId(scope))));
      if (rewrite.length === 0) continue;
      const accounts = browsers.filter((username) => sessionOfWebUsername(username) === sessionId);
      rescoped.push(...rewrite, ...accounts.map((username) => ({ command: 'deleteClient', username })));
    }
    await this.options.scopes.replace([...scopeOf.values()].filter((scope) => scope !== 'all'));
    if (prune.length || rescoped.length) this.options.log.info({ pruned: prune.length, rescoped: rescoped.length }, 'mqtt: dynamic security re-synced');
    await this.run([...prune, ...rescoped]);
  }

  /** Of these usernames, the pilot credentials of live sessions and the docks holding a secret. */
  private async liveGatewayUsernames(usernames: string[]): Promise<string[]> {
    if (usernames.length === 0) return [];
    const { db } = this.options;
    const pilots = await liveThingCredentials(db).select('thing_credentials.username').where('thing_credentials.username', 'in', usernames).execute();
    const docks = await db
      .selectFrom('devices')
      .select('serial')
      .where('kind', '=', 'dock')
      .where('secret_hash', 'is not', null)
      .where('serial', 'in', usernames)
      .execute();
    return [...pilots.map((p) => p.username), ...docks.map((d) => d.serial)];
  }

  /** Runs commands; a broker that refuses or does not answer is the client's 503, not a server error. */
  private async run(commands: DynsecCommand[]) {
    try {
      return await this.options.control.run(commands);
    } catch (error) {
      if (!(error instanceof DynsecError)) throw error;
      this.options.log.warn({ err: error }, 'mqtt: dynamic security command failed');
      throw new HttpError(503, 'The message broker cannot issue the account right now', undefined, { code: 'common.broker_unavailable' });
    }
  }

  /** The gateway's role with these sub-devices, never a registered dock among them (as on the embedded broker). */
  private async gatewayRoleCommands(gatewaySn: string, subSerials = this.options.subDevicesOf(gatewaySn)): Promise<DynsecCommand[]> {
    const docks = new Set(await this.options.store.registeredDocks(subSerials));
    this.declared.delete(gatewaySn);
    return upsertRole(
      gatewayRole(gatewaySn),
      gatewayAcls(
        gatewaySn,
        subSerials.filter((sn) => !docks.has(sn)),
      ),
    );
  }
}

const aclScope = (scope: SessionScope | 'all', id: string | null): BrowserAclScope =>
  scope === 'all' || id === null ? 'all' : { id, serials: [...scope.serials].sort() };
