import { Alert, Pagination, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageFrame } from '../pages';
import DefectAssignDialog from './DefectAssignDialog';
import DefectFilterBar from './DefectFilterBar';
import DefectMap from './DefectMap';
import DefectPhoto from './DefectPhoto';
import DefectTable from './DefectTable';
import { linkedId } from '../../crud/queryRules';
import { DEFECT_LIST_PAGE } from './defectRules';
import { defectOpened, defectPageChanged, defectPageOpened, defectViewChanged, selectDefects, type DefectView } from './defectsSlice';

/**
 * 缺陷管理 / Defects (/Defect): the defects the user's data scope shows, filtered, moved through their workflow, on a
 * map; `#/Defect?id=…` (an urgent notice's link) opens that defect's photo.
 */
export default function DefectsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { view, items, total, page, failed } = useAppSelector(selectDefects).list;
  const [params] = useSearchParams();
  const linked = linkedId(params.get('id'));
  useEffect(() => {
    dispatch(defectPageOpened());
  }, [dispatch]);
  useEffect(() => {
    if (linked !== null) dispatch(defectOpened(linked));
  }, [dispatch, linked]);
  const pages = Math.max(1, Math.ceil(total / DEFECT_LIST_PAGE));
  const title = t('menu.defects');
  return (
    <PageFrame
      title={title}
      actions={
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, next: DefectView | null) => next && dispatch(defectViewChanged(next))}>
          <ToggleButton value="list">{t('defects.page.list')}</ToggleButton>
          <ToggleButton value="map">{t('defects.page.map')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <DefectFilterBar />
      {failed && <Alert severity="error">{t('defects.page.loadFailed')}</Alert>}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {t('defects.page.total', { count: total })}
      </Typography>
      {view === 'map' ? <DefectMap /> : <DefectTable items={items} label={title} assignable onOpen={(defect) => dispatch(defectOpened(defect.id))} />}
      {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, next) => dispatch(defectPageChanged(next))} />}
      <DefectPhoto />
      <DefectAssignDialog />
    </PageFrame>
  );
}
