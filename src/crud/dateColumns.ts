import type { GridColDef } from '@mui/x-data-grid';
import type { Formatter } from '../shared/format';

/**
 * Wide enough for a date-time in either language (zh "2026/11/21 11:03", en "11/21/2026, 11:03 AM") with the
 * cell padding and sort icon: a date is never cut with "…".
 */
const DATE_TIME_WIDTH = 190;

/** A table column of timestamps, shown through the app's formatter. */
export function dateTimeColumn(field: string, headerName: string, fmt: Formatter, extra: Partial<GridColDef> = {}): GridColDef {
  return { field, headerName, width: DATE_TIME_WIDTH, minWidth: DATE_TIME_WIDTH, valueFormatter: (value) => fmt.dateTime(value), ...extra };
}
