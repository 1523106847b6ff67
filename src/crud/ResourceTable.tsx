import { reasonParams } from '../api/errorCatalogue';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Chip, InputAdornment, MenuItem, TextField } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowId, type GridRowParams, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { enUS, zhCN } from '@mui/x-data-grid/locales';
import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { useCrudEnvironment } from './environment';
import LookupField, { type LookupSpec } from './LookupField';
import PaginationWithGoTo from './PaginationWithGoTo';
import { FOCUS_PARAM, focusedId } from './queryRules';
import { ACTIONS_FIELD } from './RowActions';
import { PAGE_SIZE_OPTIONS, type AnyRow } from './types';
import type { ResourceList } from './useResourceList';

export interface FilterSpec {
  name: string;
  /** i18n key of the label. */
  label: string;
  options?: Array<{ value: string; label: string }>;
  /** Instead of options: a row of a long collection, searched on the server (clearing it shows all). */
  lookup?: LookupSpec;
}

export interface ResourceTableProps<Row extends AnyRow> {
  /** The screen's list (useResourceList): results, query and the way to change it. */
  state: ResourceList<Row>;
  columns: Array<GridColDef<Row>>;
  filters?: FilterSpec[];
  searchLabel?: string;
  onCreate?: () => void;
  onRowClick?: (row: Row) => void;
  toolbarExtra?: ReactNode;
  height?: number | string;
  /** Rows picked with check boxes (the ids of the page on screen), e.g. for acting on many at once. */
  selection?: { ids: readonly number[]; onChange: (ids: number[]) => void };
}

const toSortModel = (ordering: string): GridSortModel =>
  ordering ? [{ field: ordering.replace(/^-/, ''), sort: ordering.startsWith('-') ? 'desc' : 'asc' }] : [];

const SEARCH_DEBOUNCE_MS = 300;

/** The class of the row a link focuses (`?id=`): highlighted as the selected row. */
const FOCUSED_ROW = 'skyline-row-focused';

/**
 * A server-driven list: paging, ordering, search and filters all change the query in the address. A link's `?id=`
 * (focusLink) is a filter like the others: the list holds that row, highlighted, until "show all" clears it.
 */
export default function ResourceTable<Row extends AnyRow>({
  state,
  columns,
  filters = [],
  searchLabel,
  onCreate,
  onRowClick,
  toolbarExtra,
  height = 'calc(100vh - 220px)',
  selection,
}: ResourceTableProps<Row>) {
  const { t } = useTranslation();
  const language = useAppSelector(useCrudEnvironment().selectLanguage);
  const { query, changeQuery } = state;
  // What the user is typing and has not yet been applied to the query (null when nothing is pending).
  const [typing, setTyping] = useState<string | null>(null);
  const applySearch = useEffectEvent((search: string) => {
    changeQuery({ search });
    setTyping(null);
  });
  useEffect(() => {
    if (typing === null) return undefined;
    const timer = setTimeout(() => applySearch(typing), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const localeText = useMemo(() => {
    const base = (language === 'en' ? enUS : zhCN).components.MuiDataGrid.defaultProps.localeText;
    // The UI-kit texts of spec §8: "暂无数据", "共 N 条", "条/页", "上一页" / "下一页".
    return {
      ...base,
      noRowsLabel: t('kit.tableEmpty'),
      paginationRowsPerPage: t('kit.itemsPerPage'),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        `${from}–${to} · ${t('kit.paginationTotal', { total: count })}`,
      paginationItemAriaLabel: (type: 'first' | 'last' | 'previous' | 'next') =>
        type === 'previous' ? t('kit.previousPage') : type === 'next' ? t('kit.nextPage') : (base.paginationItemAriaLabel?.(type) ?? type),
    };
  }, [language, t]);

  // The row actions column comes first: the grid cannot pin a column, and a last column scrolls out of sight on a
  // narrow screen (1366×768), so every row's actions stay reachable.
  const pinnedColumns = useMemo(() => [...columns.filter((c) => c.field === ACTIONS_FIELD), ...columns.filter((c) => c.field !== ACTIONS_FIELD)], [columns]);

  // Stable models: a new object on every render reads to the grid as a change (and a sort change resets the page).
  const paginationModel = useMemo(() => ({ page: query.page - 1, pageSize: query.pageSize }), [query.page, query.pageSize]);
  const sortModel = useMemo(() => toSortModel(query.ordering), [query.ordering]);
  const focused = focusedId(query);
  const selectedIds = selection?.ids;
  const rowSelectionModel = useMemo(() => (selectedIds ? { type: 'include' as const, ids: new Set<GridRowId>(selectedIds) } : undefined), [selectedIds]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={searchLabel ?? t('resources.search')}
          value={typing ?? query.search}
          onChange={(e) => setTyping(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 240 }}
        />
        {filters.map((filter) =>
          filter.lookup ? (
            <LookupField
              key={filter.name}
              {...filter.lookup}
              name={`filter.${filter.name}`}
              label={t(filter.label)}
              value={query.filters[filter.name] ?? ''}
              onChange={(value) => changeQuery({ filters: { [filter.name]: value } })}
              size="small"
              sx={{ minWidth: 200 }}
            />
          ) : (
            <TextField
              key={filter.name}
              select
              size="small"
              label={t(filter.label)}
              value={query.filters[filter.name] ?? ''}
              onChange={(e) => changeQuery({ filters: { [filter.name]: e.target.value } })}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">{t('resources.all')}</MenuItem>
              {filter.options?.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          ),
        )}
        {focused !== null && (
          <>
            <Chip color="primary" label={t('resources.focused', { id: focused })} />
            <Button size="small" onClick={() => changeQuery({ filters: { [FOCUS_PARAM]: undefined } })}>
              {t('resources.showAll')}
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {toolbarExtra}
        {onCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            {t('resources.create')}
          </Button>
        )}
      </Box>
      {state.status === 'failed' && state.error && <Alert severity="error">{t('resources.loadFailed', reasonParams(state.error))}</Alert>}
      <Box sx={{ height, minHeight: 320, [`& .${FOCUSED_ROW}`]: { bgcolor: 'action.selected' } }}>
        <DataGrid
          rows={state.items}
          columns={pinnedColumns}
          rowCount={state.total}
          loading={state.status === 'loading'}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => changeQuery({ page: model.page + 1, pageSize: model.pageSize })}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            const [first] = model;
            changeQuery({ ordering: first ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : '' });
          }}
          onRowClick={onRowClick ? (params: GridRowParams<Row>) => onRowClick(params.row) : undefined}
          getRowClassName={(params) => (focused !== null && Number(params.id) === focused ? FOCUSED_ROW : '')}
          {...(selection
            ? {
                checkboxSelection: true,
                rowSelectionModel,
                // The page's rows only: "select all" picks the rows on screen, never the whole result.
                onRowSelectionModelChange: (model: GridRowSelectionModel) =>
                  selection.onChange(
                    model.type === 'include' ? [...model.ids].map(Number) : state.items.map((row) => row.id).filter((id) => !model.ids.has(id)),
                  ),
              }
            : {})}
          localeText={localeText}
          slots={{ pagination: PaginationWithGoTo }}
          density="compact"
        />
      </Box>
    </Box>
  );
}
