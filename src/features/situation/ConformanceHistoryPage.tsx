import { Box, LinearProgress, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFORMANCE_RULES } from '@shared/entities/alert';
import { useResourceDocument } from '../../crud/hooks';
import { PageFrame } from '../pages';

type Group = 'device' | 'plan' | 'day';
const GROUPS: Group[] = ['device', 'plan', 'day'];

interface SummaryRow {
  key: string | number | null;
  count: number;
  open: number;
  codes: Record<string, number>;
}

/** Today minus `days`, as the API's UTC day. */
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** /AirSpace/Conformance: conformance alerts per aircraft, plan or day over a range of days (GET /api/Alert/summary/). */
export default function ConformanceHistoryPage() {
  const { t, i18n } = useTranslation();
  const [group, setGroup] = useState<Group>('device');
  const [from, setFrom] = useState(() => dayBefore(7));
  const [to, setTo] = useState(() => dayBefore(0));
  const valid = Boolean(from && to && from <= to);
  const { data, status } = useResourceDocument<{ items: SummaryRow[] }>(
    'alertSummary',
    valid ? { kind: 'conformance', group, first_seen_from: from, first_seen_to: to } : null,
  );
  const number = new Intl.NumberFormat(i18n.language);
  const keyText = (key: SummaryRow['key']) =>
    key === null ? t('situation.history.noPlan') : group === 'plan' ? t('situation.planRef', { id: key }) : String(key);
  return (
    <PageFrame title={t('menu.airspaceConformance')}>
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('situation.history.group')}
          value={group}
          onChange={(e) => setGroup(e.target.value as Group)}
          sx={{ minWidth: 140 }}
        >
          {GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(`situation.history.groups.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('situation.history.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('situation.history.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={!valid}
          helperText={valid ? t('situation.history.utcDays') : t('situation.history.badRange')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Paper variant="outlined">
        {status === 'loading' && <LinearProgress />}
        <Table size="small" aria-label={t('menu.airspaceConformance')}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`situation.history.groups.${group}`)}</TableCell>
              <TableCell align="right">{t('situation.history.count')}</TableCell>
              <TableCell align="right">{t('situation.history.open')}</TableCell>
              {CONFORMANCE_RULES.map((rule) => (
                <TableCell key={rule} align="right">
                  {t(`situation.rules.${rule}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.items ?? []).map((row) => (
              <TableRow key={String(row.key)}>
                <TableCell>{keyText(row.key)}</TableCell>
                <TableCell align="right">{number.format(row.count)}</TableCell>
                <TableCell align="right">{number.format(row.open)}</TableCell>
                {CONFORMANCE_RULES.map((rule) => (
                  <TableCell key={rule} align="right">
                    {number.format(row.codes[rule] ?? 0)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data && data.items.length === 0 && (
          <Box sx={{ p: 2 }}>
            <Typography color="text.secondary">{t('situation.history.empty')}</Typography>
          </Box>
        )}
      </Paper>
    </PageFrame>
  );
}
