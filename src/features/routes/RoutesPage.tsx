import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Menu, MenuItem, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteTemplate } from '@shared/entities/route';
import { WAYPOINT_TEMPLATE } from '@shared/wayline/defaults';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { refName } from '../../crud/format';
import LookupField from '../../crud/LookupField';
import { useRestrictingZones } from '../map';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn } from '../../crud/RowActions';
import type { Route } from '@shared/entities/route';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { useFormat } from '../../shared/format';
import RouteEditorDialog, { type EditorContext } from './RouteEditorDialog';
import { editorOpened, exportRequested, importRequested, importWarningsDismissed, type RouteFileFormat } from './routeEditorSlice';
import { modelName } from './RouteSettingsForm';
import { templateAreaM2, templateTypeName } from './TemplatePanel';
import { selectRouteEditor } from './selectors';

const RESOURCE = 'route';
const FORMATS: RouteFileFormat[] = ['kmz', 'geojson', 'kml'];
const FILE_TYPES = '.kmz,.kml,.wpml,.gpx,.geojson,.json';

/** Choose a project and a file; the server reads and checks it and saves the route (or says what is wrong). */
function ImportDialog({ open, initialProject, onClose }: { open: boolean; initialProject: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [project, setProject] = useState(initialProject);
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    if (!file || !project) return;
    dispatch(importRequested({ project_id: Number(project), file: { field: 'file', file } }));
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="route-import-title">
      <DialogTitle id="route-import-title">{t('routes.import')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1, minWidth: 320 }}>
          <LookupField
            resource="project"
            name="import.project_id"
            size="small"
            label={t('routes.importProject')}
            value={project}
            onChange={setProject}
            helperText={t('routes.importHint')}
          />
          <input ref={input} type="file" accept={FILE_TYPES} aria-label={t('routes.import')} hidden onChange={(e) => choose(e.target.files?.[0])} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('routes.close')}</Button>
        <Button variant="contained" startIcon={<UploadFileIcon />} disabled={!project} onClick={() => input.current?.click()}>
          {t('routes.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /Task/Route: the route library (list, search, filters, import/export) and the map editor. */
export default function RoutesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('project:write');
  const editor = useAppSelector(selectRouteEditor);
  const zones = useRestrictingZones();
  const { ask, dialog } = useDeleteConfirm(RESOURCE);
  const [importing, setImporting] = useState(false);
  const [exportMenu, setExportMenu] = useState<{ row: Route; anchor: HTMLElement } | null>(null);
  const filterProject = String(state.query.filters.project_id ?? '');

  const context = useMemo<EditorContext>(
    () => ({
      restricted: zones.map(({ name, polygon }) => ({ name, polygon })),
    }),
    [zones],
  );

  const openEditor = useCallback((row: Route) => dispatch(editorOpened({ id: row.id })), [dispatch]);

  const columns: GridColDef[] = [
    { field: 'name', headerName: t('routes.name'), flex: 1, minWidth: 160 },
    { field: 'project_name', headerName: t('routes.project'), width: 140, sortable: false, valueFormatter: refName },
    {
      field: 'waypoint_count',
      headerName: t('routes.waypoints'),
      width: 80,
      sortable: false,
      valueGetter: (_v, row) => (Array.isArray(row.waypoints) ? row.waypoints.length : 0),
    },
    {
      field: 'template_type',
      headerName: t('routes.templateType'),
      width: 150,
      valueFormatter: (v) => templateTypeName(t, String(v ?? WAYPOINT_TEMPLATE)),
    },
    {
      field: 'template_area',
      headerName: t('routes.templateArea'),
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => templateAreaM2((row.template as RouteTemplate | null | undefined) ?? null),
      valueFormatter: (v) => (v === null ? '' : format.area(v)),
    },
    { field: 'length_m', headerName: t('routes.length'), width: 110, valueFormatter: (v) => format.distance(v) },
    { field: 'duration_s', headerName: t('routes.duration'), width: 120, valueFormatter: (v) => format.duration(v) },
    { field: 'battery_pct', headerName: t('routes.battery'), width: 100, valueFormatter: (v) => format.percent(v) },
    {
      field: 'drone_model',
      headerName: t('routes.model'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => modelName((row.settings as { drone_model?: string } | undefined)?.drone_model),
    },
    { field: 'updated_at', headerName: t('routes.updatedAt'), width: 170, valueFormatter: (v) => format.dateTime(v) },
    actionsColumn<Route>(
      t('resources.actions'),
      [
        { key: 'edit', label: canWrite ? t('routes.edit') : t('resources.detail'), icon: <EditIcon fontSize="small" />, onClick: openEditor },
        {
          key: 'export',
          label: t('routes.export'),
          icon: <DownloadIcon fontSize="small" />,
          onClick: (row) => setExportMenu({ row, anchor: document.activeElement as HTMLElement }),
        },
        ...(canWrite ? [{ key: 'delete', label: t('resources.delete'), icon: <DeleteIcon fontSize="small" />, color: 'error' as const, onClick: ask }] : []),
      ],
      editor.exportingIds,
      canWrite ? 300 : 200,
    ),
  ];

  return (
    <PageFrame title={t('menu.taskRoute')}>
      {editor.importWarnings.length > 0 && (
        <Alert severity="info" onClose={() => dispatch(importWarningsDismissed())} sx={{ mb: 1 }}>
          {t('routes.importWarnings')}: {editor.importWarnings.map((w) => t(`apiError.${w.code}`, w.params)).join('；')}
        </Alert>
      )}
      <ResourceTable
        state={state}
        columns={columns}
        filters={[{ name: 'project_id', label: 'routes.project', lookup: { resource: 'project' } }]}
        onCreate={canWrite ? () => dispatch(editorOpened({ id: null, project_id: filterProject ? Number(filterProject) : null })) : undefined}
        onRowClick={openEditor}
        toolbarExtra={
          canWrite && (
            <Button startIcon={<UploadFileIcon />} disabled={editor.importing} onClick={() => setImporting(true)}>
              {editor.importing ? t('routes.importing') : t('routes.import')}
            </Button>
          )
        }
      />
      <Menu open={exportMenu !== null} anchorEl={exportMenu?.anchor} onClose={() => setExportMenu(null)}>
        {FORMATS.map((f) => (
          <MenuItem
            key={f}
            onClick={() => {
              if (exportMenu) dispatch(exportRequested({ id: Number(exportMenu.row.id), name: String(exportMenu.row.name), format: f }));
              setExportMenu(null);
            }}
          >
            {t('routes.exportAs', { format: f.toUpperCase() })}
          </MenuItem>
        ))}
      </Menu>
      {importing && <ImportDialog open initialProject={filterProject} onClose={() => setImporting(false)} />}
      <RouteEditorDialog canWrite={canWrite} context={context} />
      {dialog}
    </PageFrame>
  );
}
