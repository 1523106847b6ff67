import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

type Tone = 'ok' | 'warn' | 'bad' | 'neutral';
const toneColor: Record<Tone, string> = { ok: 'success.main', warn: 'warning.main', bad: 'error.main', neutral: 'text.primary' };

/** One labelled value of the home screen, readable at arm's length. */
export default function StatusTile({ label, value, tone = 'neutral', children }: { label: string; value: string; tone?: Tone; children?: ReactNode }) {
  const id = `tile-${label}`;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 3, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Typography id={id} variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color: toneColor[tone], wordBreak: 'break-all' }}>
        {value}
      </Typography>
      {children}
    </Paper>
  );
}
