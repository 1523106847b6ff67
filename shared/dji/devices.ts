import { z } from 'zod';

/** DJI device domains (the `domain` of update_topo and the first part of an HMS `device_type`). */
export const DOMAIN = { aircraft: 0, payload: 1, remoteController: 2, dock: 3 } as const;
export type DjiDomain = (typeof DOMAIN)[keyof typeof DOMAIN];

/** DJI sends domain as "0" or 0 depending on the device; both are read as the number. */
export const domainSchema = z
  .union([z.number().int(), z.string().regex(/^\d{1,2}$/)])
  .transform(Number)
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]));

/** The platform's device kinds (devices.kind) for the domains that are devices of their own. */
export const DEVICE_KIND_OF_DOMAIN = { 0: 'aircraft', 2: 'remote_controller', 3: 'dock' } as const;
export type DjiDeviceKind = (typeof DEVICE_KIND_OF_DOMAIN)[keyof typeof DEVICE_KIND_OF_DOMAIN];

export function deviceKindOf(domain: DjiDomain): DjiDeviceKind | null {
  return domain === 1 ? null : DEVICE_KIND_OF_DOMAIN[domain];
}

/** `domain-type-sub_type` → model name, after the device enums of DJI's Cloud API demo and documentation. */
export const DEVICE_MODELS: Readonly<Record<string, string>> = {
  '0-60-0': 'Matrice 300 RTK',
  '0-89-0': 'Matrice 350 RTK',
  '0-67-0': 'Matrice 30',
  '0-67-1': 'Matrice 30T',
  '0-77-0': 'Mavic 3 Enterprise',
  '0-77-1': 'Mavic 3 Thermal',
  '0-77-2': 'Mavic 3 Multispectral',
  '0-91-0': 'Matrice 3D',
  '0-91-1': 'Matrice 3TD',
  '0-99-0': 'Matrice 4E',
  '0-99-1': 'Matrice 4T',
  '0-100-0': 'Matrice 4D',
  '0-100-1': 'Matrice 4TD',
  '1-20-0': 'Zenmuse Z30',
  '1-26-0': 'Zenmuse XT2',
  '1-39-0': 'FPV camera',
  '1-41-0': 'Zenmuse XT S',
  '1-42-0': 'Zenmuse H20',
  '1-43-0': 'Zenmuse H20T',
  '1-50-65535': 'Zenmuse P1',
  '1-52-0': 'M30 camera',
  '1-53-0': 'M30T camera',
  '1-61-0': 'Zenmuse H20N',
  '1-165-0': 'Dock camera',
  '1-90742-0': 'Zenmuse L1',
  '1-66-0': 'Mavic 3E camera',
  '1-67-0': 'Mavic 3T camera',
  '1-68-0': 'Mavic 3M camera',
  '1-80-0': 'Matrice 3D camera',
  '1-81-0': 'Matrice 3TD camera',
  '2-56-0': 'DJI RC',
  '2-119-0': 'DJI RC Plus',
  '2-144-0': 'DJI RC Pro Enterprise',
  '3-1-0': 'DJI Dock',
  '3-2-0': 'DJI Dock 2',
  '3-3-0': 'DJI Dock 3',
};

export const deviceTypeKey = (domain: number, type: number, subType: number) => `${domain}-${type}-${subType}`;

/** The model name, or a readable stand-in naming the codes when the model is not in the table. */
export function deviceModelName(domain: number, type: number, subType: number): string {
  return DEVICE_MODELS[deviceTypeKey(domain, type, subType)] ?? `DJI ${domain}-${type}-${subType}`;
}

/** Parses an HMS `device_type` "domain-type-subtype"; null when it is not one. */
export function parseDeviceTypeKey(text: string): { domain: DjiDomain; type: number; subType: number } | null {
  const match = /^([0-3])-(\d{1,6})-(\d{1,6})$/.exec(text);
  if (!match) return null;
  return { domain: Number(match[1]) as DjiDomain, type: Number(match[2]), subType: Number(match[3]) };
}
