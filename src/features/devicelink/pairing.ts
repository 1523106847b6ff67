import type { FieldValue } from './liveFields';

/** What the pairing reads of a device row: its serial, kind and gateway_sn (the RC or dock it is connected through). */
export interface PairedRow {
  readonly serial: string;
  readonly kind: string;
  readonly gateway_sn: string | null;
}

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
  const aircraft = serial ? rows.filter((r) => r.gateway_sn === serial).map((r) => r.serial) : [];
  return aircraft.length ? { key: 'devicelink.aircraftList', params: { list: aircraft.join(', ') } } : null;
}
