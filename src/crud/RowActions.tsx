import { Box, Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import type { ResourceRow } from './types';

export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error' | 'success' | 'warning' | 'inherit';
  /** Shown for this row (e.g. only the workflow steps the server lists in row.actions, only with a permission). */
  show?: (row: ResourceRow) => boolean;
  onClick: (row: ResourceRow) => void;
}

/** The buttons of one row; clicks do not open the row's detail. */
export function RowActionButtons({ row, actions, busy }: { row: ResourceRow; actions: RowAction[]; busy?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }} onClick={(e) => e.stopPropagation()}>
      {actions
        .filter((a) => !a.show || a.show(row))
        .map((a) => (
          <Button
            key={a.key}
            size="small"
            color={a.color ?? 'primary'}
            startIcon={a.icon}
            disabled={busy}
            onClick={() => a.onClick(row)}
            aria-label={`${a.label} ${String(row.name ?? row.title ?? row.purpose ?? row.id)}`}
          >
            {a.label}
          </Button>
        ))}
    </Box>
  );
}

/** A DataGrid column of row buttons. */
export function actionsColumn(header: string, actions: RowAction[], busyIds: Array<number | string> = [], width = 220): GridColDef {
  return {
    field: '__actions',
    headerName: header,
    sortable: false,
    filterable: false,
    width,
    renderCell: (params) => <RowActionButtons row={params.row as ResourceRow} actions={actions} busy={busyIds.includes((params.row as ResourceRow).id)} />,
  };
}

/** Server workflow steps of a row: the API lists the allowed ones in row.actions. */
export const rowAllows = (row: ResourceRow, step: string) => Array.isArray(row.actions) && (row.actions as string[]).includes(step);
