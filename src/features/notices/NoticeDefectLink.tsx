import { Button, Link as MuiLink } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Notice } from '@shared/entities/notice';
import { defectLink } from '../defects';

/** The defect an urgent notice announces, when the server gave it (only to a reader who sees the defect). */
export const noticeDefectId = (row: Pick<Notice, 'defect_id'>): number | null => row.defect_id;

/**
 * The link from a notice to its defect (#/Defect?id=…, which /Defect opens with its photo): a button in a notice's
 * detail, a text link in a list row (a click there opens the defect, not the row). Nothing for a notice without one.
 */
export default function NoticeDefectLink({ row, variant, onOpen }: { row: Notice; variant: 'button' | 'cell'; onOpen?: (row: Notice) => void }) {
  const { t } = useTranslation();
  const id = noticeDefectId(row);
  if (id === null) return null;
  const open = () => onOpen?.(row);
  if (variant === 'button')
    return (
      <Button variant="outlined" sx={{ mt: 2 }} component={Link} to={defectLink(id)} onClick={open}>
        {t('notices.openDefect')}
      </Button>
    );
  return (
    <MuiLink
      component={Link}
      to={defectLink(id)}
      aria-label={t('notices.openDefectNumber', { id })}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        open();
      }}
    >
      {t('notices.defectNumber', { id })}
    </MuiLink>
  );
}

/** The notices lists' column linking each urgent notice to its defect. */
export const noticeDefectColumn = (t: TFunction, onOpen?: (row: Notice) => void): GridColDef<Notice> => ({
  field: 'defect_id',
  headerName: t('notices.defect'),
  width: 120,
  sortable: false,
  renderCell: (p) => <NoticeDefectLink row={p.row} variant="cell" onOpen={onOpen} />,
});
