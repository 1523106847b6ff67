import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** A status as a coloured chip; the label is t(`${prefix}.${status}`). */
export default function StatusChip({ status, prefix, colors }: { status: string; prefix: string; colors: Record<string, ChipColor> }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`${prefix}.${status}`, { defaultValue: status })} color={colors[status] ?? 'default'} variant="outlined" />;
}
