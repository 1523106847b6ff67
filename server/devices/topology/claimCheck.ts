import type { Kysely } from 'kysely';
import type { DjiDomain } from '@shared/dji/devices';
import type { Database } from '../../db/schema';
import type { GatewayIdentity } from '../../mqtt/acl';
import type { DeviceLinkStore } from '../../mqtt/gateway/store';
import { loadDataScope } from '../../rbac/permissions';
import { declareRefusal, gatewayClaimRefusal, type Speaker } from './claims';

type Log = { info(obj: unknown, msg?: string): void };

/** The claim rules (claims.ts) over the database: what the embedded broker asks before a gateway connection speaks for a serial. */
export function createClaimCheck(db: Kysely<Database>, store: Pick<DeviceLinkStore, 'claimRows'>, log: Log) {
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
      const [speaker, rows] = await Promise.all([speakerOf(identity), store.claimRows(devices.map((d) => d.sn))]);
      if (!speaker) return false;
      const refused = devices.flatMap((d) => {
        const refusal = declareRefusal(speaker, d, rows.get(d.sn));
        return refusal ? [{ sn: d.sn, refusal }] : [];
      });
      if (refused.length) log.info({ gatewaySn: identity.link.gatewaySn, refused }, 'mqtt: sub-devices not declared');
      return refused.length === 0;
    },
  };
}
