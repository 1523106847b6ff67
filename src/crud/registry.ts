import { COLLECTIONS, VIEWS } from '@shared/entities/collections';
import type { PermissionCode } from '@shared/permissions';
import { baseResource } from './types';

/** Every server collection a list screen can show, by resource name. Paths follow the API (base /api). */
export interface ResourceConfig {
  path: string;
  /** Saves go out as multipart form data (e.g. a device with its photo). */
  multipart?: boolean;
  /** The permission the API asks to list it (null: any signed-in user): a pick list of it (LookupField) asks nothing of a user without it. */
  read: PermissionCode | null;
}

/** The shared catalogue's collections and views (where they are, who reads them), with how the console saves them. */
export const RESOURCES = {
  ...COLLECTIONS,
  ...VIEWS,
  device: { ...COLLECTIONS.device, multipart: true },
} satisfies Record<string, ResourceConfig>;

export type ResourceName = keyof typeof RESOURCES;

export function resourceConfig(name: string): ResourceConfig {
  const config = (RESOURCES as Record<string, ResourceConfig>)[baseResource(name)];
  if (!config) throw new Error(`Unknown resource "${name}"`);
  return config;
}
