import { Box, TextField } from '@mui/material';
import { GridPagination, gridPageCountSelector, useGridApiContext, useGridSelector, type GridSlotProps } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The 1-based page a "go to" entry asks for, within the pages there are; null when it is not a number. */
export function goToPage(text: string, pageCount: number): number | null {
  const page = Number.parseInt(text.trim(), 10);
  return Number.isNaN(page) ? null : Math.min(Math.max(page, 1), Math.max(pageCount, 1));
}

/** The grid's pagination followed by spec §8's "go to [page]"; Enter or leaving the field jumps. */
export default function PaginationWithGoTo(props: GridSlotProps['pagination']) {
  const { t } = useTranslation();
  const apiRef = useGridApiContext();
  const pageCount = useGridSelector(apiRef, gridPageCountSelector);
  const [text, setText] = useState('');
  const go = () => {
    const page = goToPage(text, pageCount);
    if (page !== null) apiRef.current.setPage(page - 1);
    setText('');
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <GridPagination {...props} />
      <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 14, pr: 1, whiteSpace: 'nowrap' }}>
        {t('kit.goTo')}
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && go()}
          onBlur={go}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('kit.goTo'), style: { width: 40, padding: '4px 6px' } } }}
        />
      </Box>
    </Box>
  );
}
