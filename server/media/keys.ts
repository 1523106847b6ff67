/** Every upload of a project lands under this prefix (the one a device's upload credentials allow). */
export const projectPrefix = (projectId: number) => `media/${projectId}/`;

/** Thumbnails live outside the device prefixes: no device key can overwrite one. */
export const thumbKey = (projectId: number, mediaId: number) => `thumbs/${projectId}/${mediaId}.jpg`;

/** The project of an object key under a project prefix, or null. */
export function projectOfKey(key: string): number | null {
  const match = /^media\/(\d+)\//.exec(key);
  return match ? Number(match[1]) : null;
}
