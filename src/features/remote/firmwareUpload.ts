import { firmwareUploadFieldsSchema } from '@shared/dji/firmware';

/** What the operator filled in to upload a firmware package for a device's type. */
export interface FirmwareUploadForm {
  file: { name: string; size: number } | null;
  productVersion: string;
  releaseNote: string;
}

/** Why the form cannot be sent yet (a text key under remote.firmwareUploadRefusals), or null when it can. */
export type FirmwareUploadRefusal = 'file_required' | 'file_empty' | 'version_required' | 'version_too_long' | 'note_too_long' | 'type_unknown';

const fields = firmwareUploadFieldsSchema.shape;

/** The first thing wrong with the form, by the shared upload schema's limits (the server checks the same again). */
export function firmwareUploadRefusal(form: FirmwareUploadForm, deviceType: string | null): FirmwareUploadRefusal | null {
  if (!deviceType || !fields.device_type.safeParse(deviceType).success) return 'type_unknown';
  if (!form.file) return 'file_required';
  if (form.file.size === 0) return 'file_empty';
  const version = fields.product_version.safeParse(form.productVersion);
  if (!version.success) return form.productVersion.trim() === '' ? 'version_required' : 'version_too_long';
  if (!fields.release_note.safeParse(form.releaseNote).success) return 'note_too_long';
  return null;
}
