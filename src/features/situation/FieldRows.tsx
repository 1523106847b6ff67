import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A drone card's label/value rows, one definition list in two columns (the card's figures, its task). */
export default function FieldRows({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, fontSize: 14 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-field={label}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
