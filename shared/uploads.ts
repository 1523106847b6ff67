/** The pictures a form may upload (a user's avatar, a project's cover…): the server sniffs the type from the content. */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The largest file a form upload takes unless its endpoint takes larger ones. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** `max_mb` of the upload.too_large error: the limit in MB, two decimals at most. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** Why a picked picture is refused before it is sent, as the server's error code would say it (`upload.*`), or null. */
export function imageUploadProblem(file: {
  type: string;
  size: number;
}): { code: 'upload.bad_image_type' } | { code: 'upload.too_large'; params: { max_mb: number } } | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return { code: 'upload.bad_image_type' };
  if (file.size > MAX_UPLOAD_BYTES) return { code: 'upload.too_large', params: { max_mb: megabytes(MAX_UPLOAD_BYTES) } };
  return null;
}
