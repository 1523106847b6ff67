import type { Kysely } from 'kysely';
import type { DjiDomain } from '@shared/dji/devices';
import type { Database } from '../../db/schema';
import type { GatewayIdentity } from '../../mqtt/acl';
import type { DeviceStore } from '../store';
import { loadDataScope } from '../../rbac/permissions';
import { liveThingCredentials } from '../../mqtt/gateway/credentials';
import { declareRefusal, gatewayClaimRefusal, type Speaker } from './claims';

type Log = { info(obj: unknown, msg?: string): void };

/** Whether `speaker` may declare all of `devices` under gateway `gatewaySn` (none registered when nobody speaks); logs what it refuses. */
async function mayBeDeclaredBy(
  store: Pick<DeviceStore, 'claimRows'>,
  log: Log,
  speaker: Speaker | null,
  gatewaySn: string,
  devices: { sn: string; domain: DjiDomain }[],
): Promise<boolean> {
  const rows = await store.claimRows(devices.map((d) => d.sn));
  const refused = devices.flatMap((d) => {
    const row = rows.get(d.sn);
    const refusal = speaker ? declareRefusal(speaker, d, row) : row ? 'outside_scope' : null;
    return refusal ? [{ sn: d.sn, refusal }] : [];
  });
  if (refused.length) log.info({ gatewaySn, refused }, 'mqtt: sub-devices not declared');
  return refused.length === 0;
}

/** The claim rules (claims.ts) over the database: what the embedded broker asks before a gateway connection speaks for a serial. */
export function createClaimCheck(db: Kysely<Database>, store: Pick<DeviceStore, 'claimRows'>, log: Log) {
  const speakerOf = async (identity: GatewayIdentity): Promise<Speaker | null> => {
    if (identity.pilot) return { by: 'pilot', scope: await loadDataScope(db, identity.pilot.userId) };
    const sn = identity.link.gatewaySn;
    if (!sn) return null;
    return { by: 'dock', sn, deptId: (await store.claimRows([sn])).get(sn)?.dept_id ?? null };
  };
  return {
    /** May this Pilot 2 connection become gateway `sn`? (A dock's serial is fixed by its login.) */
    async mayClaimGateway(identity: GatewayIdentity, sn: string): Promise<boolean> {
      if (!identity.pilot) return identity.link.gatewaySn === sn;
      const refusal = gatewayClaimRefusal(await loadDataScope(db, identity.pilot.userId), (await store.claimRows([sn])).get(sn));
      if (refusal) log.info({ sn, pilot: identity.pilot.username, refusal }, 'mqtt: gateway serial not claimed');
      return refusal === null;
    },
    /** May this gateway connection declare these sub-devices? */
    async mayDeclare(identity: GatewayIdentity, devices: { sn: string; domain: DjiDomain }[]): Promise<boolean> {
      if (devices.length === 0) return true;
      // A connection that is neither a pilot's nor a dock's declares nothing.
      const speaker = await speakerOf(identity);
      return speaker !== null && mayBeDeclaredBy(store, log, speaker, identity.link.gatewaySn ?? '', devices);
    },
  };
}

/**
 * The claim rules where the broker cannot tell who published (an external broker with dynamic security): a gateway
 * speaks as the registered dock of its serial, else as the pilot whose live thing credential was issued for it
 * (thing_credentials.gateway_sn, the newest); a gateway nobody speaks for declares no registered device.
 */
export function createGatewayClaimCheck(db: Kysely<Database>, store: Pick<DeviceStore, 'claimRows'>, log: Log) {
  const speakerOf = async (gatewaySn: string): Promise<Speaker | null> => {
    const own = (await store.claimRows([gatewaySn])).get(gatewaySn);
    if (own?.kind === 'dock') return { by: 'dock', sn: gatewaySn, deptId: own.dept_id };
    const pilot = await liveThingCredentials(db)
      .select('thing_credentials.user_id')
      .where('thing_credentials.gateway_sn', '=', gatewaySn)
      .orderBy('thing_credentials.created_at', 'desc')
      .executeTakeFirst();
    return pilot ? { by: 'pilot', scope: await loadDataScope(db, pilot.user_id) } : null;
  };
  return {
    async mayDeclare(gatewaySn: string, devices: { sn: string; domain: DjiDomain }[]): Promise<boolean> {
      if (devices.length === 0) return true;
      return mayBeDeclaredBy(store, log, await speakerOf(gatewaySn), gatewaySn, devices);
    },
  };
}
