import { fieldErrorText, reasonParams } from '../api/errorCatalogue';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs from 'dayjs';
import { useEffect, useEffectEvent, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppDispatch } from '../app/hooks';
import { pickerFormat, useFormat } from '../shared/format';
import DateLocalization from './DateLocalization';
import ImageField from './ImageField';
import LookupField, { type LookupSpec } from './LookupField';
import { issueMessages, zodFormResolver } from './validationMessages';
import { saveErrorsCleared, saveRequested, type ResourceState } from './resourcesSlice';

/** One field of a form whose values are `In`. */
export interface FieldSpec<In extends FieldValues = FieldValues> {
  name: Path<In>;
  /** i18n key of the label. */
  label: string;
  /**
   * "datetime": a MUI X date-time picker whose value is an ISO string; "multiselect": an array of option values;
   * "lookup": a row of a long collection searched on the server (LookupField), its id as a string.
   */
  kind?: 'text' | 'number' | 'select' | 'multiselect' | 'textarea' | 'password' | 'datetime' | 'image' | 'lookup' | 'custom';
  /** For kind "custom": the screen's own input (e.g. an area drawn on a map, a permission tree). */
  render?: (props: { value: unknown; onChange: (value: unknown) => void; error?: string }) => ReactNode;
  options?: Array<{ value: string; label: string }>;
  /** Options that depend on other fields of the form (e.g. the routes of the chosen project). */
  optionsFrom?: (values: In) => Array<{ value: string; label: string }>;
  /** For kind "lookup": the collection searched. */
  lookup?: LookupSpec;
  /** For kind "lookup": filters that depend on other fields of the form (e.g. the routes of the chosen project). */
  lookupFiltersFrom?: (values: In) => Record<string, string>;
  required?: boolean;
  /** For kind "image": the URL of the current picture when editing. */
  currentUrl?: string | null;
  disabled?: boolean;
}

/** What a form reads of its collection's list state: the save in flight and the server's answer to it. */
export type SaveState = Pick<ResourceState<unknown>, 'saving' | 'saveError' | 'fieldErrors' | 'savedRequestId'>;

/**
 * `In`: the values as the fields hold them (select ids as strings, "" for none); `Out`: what the schema makes of
 * them, which `transform` turns into the request body (the shared input of the collection).
 */
export interface ResourceFormDialogProps<In extends FieldValues, Out extends object> {
  resource: string;
  state: SaveState;
  open: boolean;
  title: string;
  fields: Array<FieldSpec<In>>;
  /** The form's schema, derived from the collection's shared input schema (see src/crud/validationMessages.ts). */
  schema: z.ZodType<Out, In>;
  /** Fields whose every rule the console words itself (an i18n key), e.g. a pattern the server words in English. */
  messages?: Readonly<Partial<Record<Path<In>, string>>>;
  defaultValues: DefaultValues<In>;
  /** Set when editing an existing row. */
  id?: number | string;
  onClose: () => void;
  /** Form values → request body (e.g. select strings to numbers, "" to null); the values as they are without one. */
  transform?: (values: Out) => object;
  children?: ReactNode;
  /** Shown under the fields with the values as typed (e.g. the verdict of the server's rules before saving). */
  preview?: (values: In) => ReactNode;
}

/** The labels of a select's value, or null when nothing is chosen (the placeholder shows). */
function selectedText(selected: unknown, options: Array<{ value: string; label: string }>): string | null {
  const values = (Array.isArray(selected) ? selected : [selected]).filter((v) => v !== '' && v !== null && v !== undefined);
  return values.length ? values.map((v) => options.find((o) => o.value === v)?.label ?? String(v)).join(', ') : null;
}

/**
 * A create/edit form: validated in the browser by the screen's zod schema, saved by the resource saga. Server field
 * errors are shown next to their fields; a failed save keeps everything the user typed.
 */
export default function ResourceFormDialog<In extends FieldValues, Out extends object>({
  resource,
  state,
  open,
  title,
  fields,
  schema,
  messages,
  defaultValues,
  id,
  onClose,
  transform,
  children,
  preview,
}: ResourceFormDialogProps<In, Out>) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  // A field's message is an i18n key (the screen's rules) or a text already in the app language (the shared rules'
  // and the server's field errors, see issueMessages).
  const isKey = (message: string) => i18n.exists(message);
  const errorText = (message: string | undefined) => (message ? (isKey(message) ? t(message) : message) : undefined);
  const fmt = useFormat();
  // The resolver is the form's from its first render on (react-hook-form reads it then); it words issues when they arise.
  const resolver = useMemo(
    () =>
      zodFormResolver(
        schema,
        issueMessages(t, (m) => i18n.exists(m), messages),
      ),
    [schema, t, i18n, messages],
  );
  const form = useForm<In, unknown, Out>({ resolver, defaultValues });
  // The save this form sent: only its success closes the form (not another form's save, nor a row's delete).
  const [requestId, setRequestId] = useState<string | null>(null);
  const dependent = fields.some((f) => f.optionsFrom || f.lookupFiltersFrom);
  // Only a form whose options or preview follow its values re-renders on every change.
  const watched = dependent || preview ? form.watch() : form.getValues();
  const optionsOf = (spec: FieldSpec<In>) => (spec.optionsFrom ? spec.optionsFrom(watched) : spec.options) ?? [];

  // Reset only when the dialog opens (or switches to another row), not when the screen passes new defaults.
  const resetForm = useEffectEvent(() => {
    setRequestId(null);
    form.reset(defaultValues);
    dispatch(saveErrorsCleared({ resource }));
  });
  useEffect(() => {
    if (open) resetForm();
  }, [open, id]);

  useEffect(() => {
    if (open && requestId !== null && state.savedRequestId === requestId) onClose();
  }, [open, requestId, state.savedRequestId, onClose]);

  useEffect(() => {
    for (const error of state.fieldErrors) {
      const field = fields.find((f) => f.name === error.field || error.field.startsWith(`${f.name}.`));
      const text = fieldErrorText(error);
      if (field) form.setError(field.name, { type: 'server', message: t(text.key, text.params) });
    }
  }, [state.fieldErrors, fields, form, t]);

  const submit = form.handleSubmit((values) => {
    const imageField = fields.find((f) => f.kind === 'image');
    const body: object = transform ? transform(values) : values;
    const plain: Record<string, unknown> = Object.fromEntries(Object.entries(body));
    let file: { field: string; file: File | null } | undefined;
    if (imageField) {
      const picked: unknown = form.getValues(imageField.name);
      file = { field: imageField.name, file: picked instanceof File ? picked : null };
      delete plain[imageField.name];
    }
    setRequestId(dispatch(saveRequested({ resource, id, values: plain, file })).payload.requestId);
  });
  // While a save runs the button refuses another (aria-disabled, not disabled: a disabled button drops the keyboard
  // focus out of the dialog, and Escape would no longer close it once the save has failed).
  const submitOnce = (event: FormEvent<HTMLFormElement>) => (state.saving ? event.preventDefault() : void submit(event));

  const unmatchedServerError = state.saveError && !state.fieldErrors.some((e) => fields.some((f) => f.name === e.field)) ? state.saveError : null;

  return (
    <DateLocalization>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resource-form-title">
        <form onSubmit={submitOnce} noValidate>
          <DialogTitle id="resource-form-title">{title}</DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              {unmatchedServerError && <Alert severity="error">{t('resources.saveFailed', reasonParams(unmatchedServerError))}</Alert>}
              {fields.map((spec) => (
                <Controller
                  key={spec.name}
                  name={spec.name}
                  control={form.control}
                  render={({ field, fieldState }) =>
                    spec.kind === 'custom' && spec.render ? (
                      <>{spec.render({ value: field.value, onChange: field.onChange, error: errorText(fieldState.error?.message) })}</>
                    ) : spec.kind === 'image' ? (
                      <ImageField
                        label={t(spec.label)}
                        value={(field.value as File | null | undefined) ?? null}
                        currentUrl={spec.currentUrl ?? null}
                        onChange={(file) => {
                          form.clearErrors(spec.name);
                          field.onChange(file);
                        }}
                        onRefused={(problem) => form.setError(spec.name, { message: t(`apiError.${problem.code}`, 'params' in problem ? problem.params : {}) })}
                        error={errorText(fieldState.error?.message)}
                      />
                    ) : spec.kind === 'lookup' && spec.lookup ? (
                      <LookupField
                        {...spec.lookup}
                        filters={{ ...spec.lookup.filters, ...spec.lookupFiltersFrom?.(watched) }}
                        name={spec.name}
                        label={t(spec.label)}
                        value={String(field.value ?? '')}
                        onChange={field.onChange}
                        required={spec.required}
                        disabled={spec.disabled}
                        error={Boolean(fieldState.error)}
                        helperText={errorText(fieldState.error?.message) ?? ' '}
                      />
                    ) : spec.kind === 'datetime' ? (
                      <DateTimePicker
                        label={t(spec.label)}
                        value={field.value ? dayjs(field.value as string) : null}
                        onChange={(value) => field.onChange(value && value.isValid() ? value.toISOString() : '')}
                        disabled={spec.disabled}
                        format={pickerFormat(fmt.locale, 'dateTime')}
                        // Spec §8: a date-time picker offers "now" (此刻) where a date picker says "today".
                        localeText={{ todayButtonLabel: t('kit.now') }}
                        slotProps={{
                          actionBar: { actions: ['today', 'cancel', 'accept'] },
                          textField: {
                            required: spec.required,
                            error: Boolean(fieldState.error),
                            helperText: errorText(fieldState.error?.message) ?? ' ',
                            fullWidth: true,
                            name: spec.name,
                          },
                        }}
                      />
                    ) : (
                      <TextField
                        {...field}
                        value={field.value ?? (spec.kind === 'multiselect' ? [] : '')}
                        onChange={(e) => field.onChange(spec.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value)}
                        label={t(spec.label)}
                        required={spec.required}
                        select={spec.kind === 'select' || spec.kind === 'multiselect'}
                        disabled={spec.disabled}
                        slotProps={
                          spec.kind === 'select' || spec.kind === 'multiselect'
                            ? {
                                inputLabel: { shrink: true },
                                select: {
                                  multiple: spec.kind === 'multiselect',
                                  displayEmpty: true,
                                  renderValue: (selected) =>
                                    selectedText(selected, optionsOf(spec)) ?? (
                                      <Box component="span" sx={{ color: 'text.disabled' }}>
                                        {t('kit.selectPlaceholder')}
                                      </Box>
                                    ),
                                },
                              }
                            : undefined
                        }
                        multiline={spec.kind === 'textarea'}
                        minRows={spec.kind === 'textarea' ? 3 : undefined}
                        type={spec.kind === 'number' ? 'number' : spec.kind === 'password' ? 'password' : 'text'}
                        error={Boolean(fieldState.error)}
                        helperText={errorText(fieldState.error?.message) ?? ' '}
                        fullWidth
                      >
                        {(spec.kind === 'select' || spec.kind === 'multiselect') && !optionsOf(spec).length && (
                          <MenuItem disabled value="">
                            {t('kit.selectNoData')}
                          </MenuItem>
                        )}
                        {(spec.kind === 'select' || spec.kind === 'multiselect') &&
                          optionsOf(spec).map((option) => (
                            <MenuItem key={option.value} value={option.value}>
                              {option.label}
                            </MenuItem>
                          ))}
                      </TextField>
                    )
                  }
                />
              ))}
              {children}
              {preview?.(watched)}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('kit.cancel')}</Button>
            <Button type="submit" variant="contained" aria-disabled={state.saving}>
              {state.saving ? t('resources.saving') : t('resources.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </DateLocalization>
  );
}
