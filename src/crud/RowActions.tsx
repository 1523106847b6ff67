import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rowName } from './format';
import type { AnyRow } from './types';

export interface RowAction<Row> {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error' | 'success' | 'warning' | 'inherit';
  /** Shown for this row (e.g. only the workflow steps the server lists in row.actions, only with a permission). */
  show?: (row: Row) => boolean;
  onClick: (row: Row) => void;
}

const MENU_COLORS = { primary: 'primary.main', error: 'error.main', success: 'success.main', warning: 'warning.main', inherit: 'inherit' } as const;

/** A table column whose rows offer one action shows it as a button; more than one go into a menu behind one narrow button. */
const usesMenu = (actions: readonly unknown[]) => actions.length > 1;

/**
 * The actions of one row as buttons, or with `asMenu` as one "⋮" button and its menu (a table's actions column stays
 * narrow, so no action is clipped at 1366×768); clicks do not open the row's detail.
 */
export function RowActionButtons<Row extends { id: number }>({
  row,
  actions,
  busy,
  asMenu = false,
}: {
  row: Row;
  actions: Array<RowAction<Row>>;
  busy?: boolean;
  asMenu?: boolean;
}) {
  const { t } = useTranslation();
  // Which button the menu hangs from is DOM-bound presentation state, not app state.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visible = actions.filter((a) => !a.show || a.show(row));
  if (visible.length === 0) return null;
  const choose = (action: RowAction<Row>) => {
    setAnchor(null);
    action.onClick(row);
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }} onClick={(e) => e.stopPropagation()}>
      {asMenu ? (
        <>
          <IconButton
            size="small"
            disabled={busy}
            aria-label={t('resources.rowActions', { name: rowName(row) })}
            aria-haspopup="menu"
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {visible.map((a) => (
              <MenuItem key={a.key} onClick={() => choose(a)} sx={{ color: MENU_COLORS[a.color ?? 'inherit'] }}>
                {a.icon && <ListItemIcon sx={{ color: 'inherit' }}>{a.icon}</ListItemIcon>}
                <ListItemText>{a.label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        visible.map((a) => (
          <Button
            key={a.key}
            size="small"
            color={a.color ?? 'primary'}
            startIcon={a.icon}
            disabled={busy}
            onClick={() => a.onClick(row)}
            aria-label={`${a.label} ${rowName(row)}`}
          >
            {a.label}
          </Button>
        ))
      )}
    </Box>
  );
}

const MENU_COLUMN_WIDTH = 80;
/** The field of the row actions column (ResourceTable shows it first). */
export const ACTIONS_FIELD = '__actions';

/** A DataGrid column of row actions: one button, or a menu of several (see RowActionButtons); narrow, shown first. */
export function actionsColumn<Row extends AnyRow>(
  header: string,
  actions: Array<RowAction<Row>>,
  busyIds: Array<number | string> = [],
  buttonWidth = 140,
): GridColDef<Row> {
  return {
    field: ACTIONS_FIELD,
    headerName: header,
    sortable: false,
    filterable: false,
    disableColumnMenu: true,
    width: usesMenu(actions) ? MENU_COLUMN_WIDTH : buttonWidth,
    renderCell: (params) => <RowActionButtons row={params.row} actions={actions} busy={busyIds.includes(params.row.id)} asMenu={usesMenu(actions)} />,
  };
}

/** Server workflow steps of a row: the API lists the allowed ones in row.actions. */
export const rowAllows = (row: { actions: readonly string[] }, step: string) => row.actions.includes(step);
