/** Form values (and an optional file) as multipart fields: objects/arrays as JSON, empty values left out. */
export function toFormData(values: Record<string, unknown>, file?: { field: string; file: File | null }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (file?.file) form.append(file.field, file.file, file.file.name);
  return form;
}
