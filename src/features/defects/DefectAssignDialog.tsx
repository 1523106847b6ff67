import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LookupField from '../../crud/LookupField';
import { assignCancelled, assigneeChosen, defectAssignRequested, selectDefects } from './defectsSlice';

/** Those who may move a defect through its workflow (the server's pick-list filter, docs/api.md "Pick lists"). */
const ASSIGNABLE = { permission: 'task:write' };

/** Assigns the defect a row of the /Defect page opened to a user the server finds as the reviewer types (or to nobody). */
export default function DefectAssignDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { assigning } = useAppSelector(selectDefects);
  if (!assigning) return null;
  const title = t('defects.assignTitle', { id: assigning.defectId });
  return (
    <Dialog open onClose={() => dispatch(assignCancelled())} aria-label={title} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {assigning.failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('defects.assignFailed')}
          </Alert>
        )}
        <LookupField
          resource="user"
          filters={ASSIGNABLE}
          name="defect-assign"
          label={t('defects.page.assignee')}
          value={assigning.assigneeId}
          onChange={(assigneeId) => dispatch(assigneeChosen(assigneeId))}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => dispatch(assignCancelled())}>{t('defects.cancel')}</Button>
        <Button variant="contained" disabled={assigning.saving} onClick={() => dispatch(defectAssignRequested())}>
          {t('defects.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
