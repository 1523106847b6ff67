import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { rowActionRequested } from './resourcesSlice';

/** What a workflow step needs of its row: the id it is posted to. */
type StepRow = { id: number };

/**
 * Workflow steps on a row (POST path/{id}/{step}/). run(row, step) sends at once; ask(row, step, title) first asks
 * for a note (approve/reject with a review note), sent as { note }. `stepLabel` names a step in the success toast.
 */
export function useRowAction(resource: string, stepLabel: (step: string) => string) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<{ row: StepRow; step: string; title: string } | null>(null);
  const [note, setNote] = useState('');
  const run = (row: StepRow, step: string, body?: Record<string, unknown>) =>
    dispatch(rowActionRequested({ resource, id: row.id, action: step, body, label: stepLabel(step) }));
  const ask = (row: StepRow, step: string, title: string) => {
    setNote('');
    setPending({ row, step, title });
  };
  const dialog = (
    <Dialog open={pending !== null} onClose={() => setPending(null)} fullWidth maxWidth="xs" aria-labelledby="row-action-title">
      <DialogTitle id="row-action-title">{pending?.title}</DialogTitle>
      <DialogContent>
        <TextField label={t('resources.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={3} fullWidth sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setPending(null)}>{t('kit.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            if (pending) run(pending.row, pending.step, note ? { note } : {});
            setPending(null);
          }}
        >
          {t('kit.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { run, ask, dialog };
}
