import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useCanRead, useChosenRow, type Option } from './hooks';
import { rowName } from './format';
import { lookupSearched } from './resourcesSlice';
import { selectResource } from './selectors';
import type { CollectionName, ResourceKey, RowOf } from './types';

/**
 * What a reference field picks from: a collection the server searches, narrowed by list filters. A field or filter
 * holds a `LookupSpec` of any collection; `labelOf` is a method so that a spec of one collection (its rows typed as
 * that collection's) is one of them.
 */
export interface LookupSpec<R extends CollectionName = CollectionName> {
  resource: R;
  /** List filters of the collection, e.g. `{ kind: 'aircraft' }`. */
  filters?: Record<string, string>;
  /** An option's text; the row's name by default. */
  labelOf?(row: RowOf<R>): string;
  /** The current value's name as the API sent it with the row being edited or shown (e.g. row.pilot_name). */
  currentLabel?: string | null;
}

export interface LookupFieldProps<R extends CollectionName> extends LookupSpec<R> {
  /** Names the field's own search results (one list state per field, so two pick lists never share them). */
  name: string;
  label: string;
  /** The chosen row's id as a string, '' for none. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

const known = (label: string | null | undefined): label is string => label !== null && label !== undefined && label !== '';

/**
 * A pick list searched on the server as the user types (the resources saga debounces it): a long collection is
 * never loaded whole. The chosen value keeps its label when it is not among the matches: the one picked, the name
 * the API sent with the row, or one GET of the record. A user who may not list the collection gets no request.
 */
export default function LookupField<R extends CollectionName>({
  resource,
  filters = {},
  labelOf = rowName,
  currentLabel,
  name,
  label,
  value,
  onChange,
  required,
  disabled,
  error,
  helperText,
  size,
  sx,
}: LookupFieldProps<R>) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const allowed = useCanRead(resource);
  const listName: ResourceKey<R> = `${resource}@lookup:${name}`;
  const state = useAppSelector((s) => selectResource(s, listName));
  const [picked, setPicked] = useState<Option | null>(null);
  const [typed, setTyped] = useState('');
  const options = state.items.map((row) => ({ value: String(row.id), label: labelOf(row) }));

  const pickedLabel = picked?.value === value ? picked.label : undefined;
  const listedLabel = options.find((o) => o.value === value)?.label;
  const fetchLabel = pickedLabel === undefined && listedLabel === undefined && !known(currentLabel);
  const valueName: ResourceKey<R> = `${resource}@lookupValue:${name}`;
  const detail = useChosenRow(valueName, fetchLabel ? value : null);
  const selected: Option | null =
    value === '' ? null : { value, label: pickedLabel ?? listedLabel ?? (known(currentLabel) ? currentLabel : detail ? labelOf(detail) : `#${value}`) };

  const search = (text: string) => {
    setTyped(text);
    dispatch(lookupSearched({ resource: listName, search: text, filters }));
  };

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => {
        setPicked(option);
        onChange(option?.value ?? '');
      }}
      onOpen={() => search('')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') search(text);
      }}
      // The server has filtered already; the text shown for a chosen value is not a search.
      filterOptions={(found) => found}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      getOptionLabel={(option) => option.label}
      // Two devices may share a name; their ids tell them apart.
      getOptionKey={(option) => option.value}
      loading={state.status === 'loading'}
      loadingText={t('kit.selectLoading')}
      noOptionsText={t(typed ? 'kit.selectNoMatch' : 'kit.selectNoData')}
      disabled={disabled || !allowed}
      size={size}
      sx={sx}
      renderInput={(params) => <TextField {...params} label={label} name={name} required={required} error={error} helperText={helperText} />}
    />
  );
}
