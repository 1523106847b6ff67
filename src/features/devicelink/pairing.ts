import type { FieldValue } from './liveFields';

/** A device row as the API lists it; the pairing reads serial, kind and gateway_sn (the RC or dock it is connected through). */
export type PairedRow = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * What a device is paired with, for the device list: an aircraft names the RC or dock it is connected through (its
 * kind when that row is among `rows`), a gateway the aircraft connected through it. Null when unpaired. Pure.
 */
export function pairingOf(row: PairedRow, rows: readonly PairedRow[]): FieldValue | null {
  const gateway = text(row.gateway_sn);
  if (gateway) {
    const kind = text(rows.find((r) => r.serial === gateway)?.kind);
    return kind === 'dock' || kind === 'remote_controller' ? { key: `devicelink.gatewayKinds.${kind}`, params: { sn: gateway } } : { text: gateway };
  }
  const serial = text(row.serial);
  const aircraft = serial ? rows.filter((r) => r.gateway_sn === serial).map((r) => String(r.serial)) : [];
  return aircraft.length ? { key: 'devicelink.aircraftList', params: { list: aircraft.join(', ') } } : null;
}
