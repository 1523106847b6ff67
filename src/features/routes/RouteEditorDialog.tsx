import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJSON } from 'react-leaflet';
import type { Polygon } from '@shared/geo';
import type { RouteContext } from '@shared/wayline/checks';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { useChosenRow } from '../../crud/hooks';
import LookupField from '../../crud/LookupField';
import { MapCanvas } from '../map';
import { useFormat } from '../../shared/format';
import {
  addingToggled,
  draftFieldChanged,
  editorClosed,
  legSplit,
  saveRequested,
  settingsChanged,
  waypointChanged,
  waypointDeleted,
  waypointSelected,
} from './routeEditorSlice';
import RouteMapLayer from './RouteMapLayer';
import RouteSettingsForm from './RouteSettingsForm';
import TemplatePanel, { TEMPLATE_AREA_STYLE, templateTypeName } from './TemplatePanel';
import { needsConversion } from './templateRules';
import { selectDraftIssues, selectDraftMetrics } from './draftSelectors';
import { selectRouteEditor } from './selectors';
import WaypointForm from './WaypointForm';

export interface EditorContext {
  restricted: NonNullable<RouteContext['restricted']>;
}

const AREA_STYLE = { color: '#1565c0', weight: 2, dashArray: '6 4', fillOpacity: 0.05 };
const RESTRICTED_STYLE = { color: '#c62828', weight: 2, fillColor: '#ef5350', fillOpacity: 0.25 };

function ContextLayers({ area, restricted }: { area: Polygon | null | undefined; restricted: EditorContext['restricted'] }) {
  return (
    <>
      {area && <GeoJSON key={JSON.stringify(area.coordinates[0][0])} data={area} style={AREA_STYLE} interactive={false} />}
      {restricted.map((zone) => (
        <GeoJSON key={zone.name + JSON.stringify(zone.polygon.coordinates[0][0])} data={zone.polygon} style={RESTRICTED_STYLE} interactive={false} />
      ))}
    </>
  );
}

/** The route editor: the map with the editable line, and beside it the route's fields, live figures and checks. */
export default function RouteEditorDialog({ canWrite, context }: { canWrite: boolean; context: EditorContext }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const editor = useAppSelector(selectRouteEditor);
  const { draft, selected } = editor;
  // What the route is checked against: its project's ceiling and area, and the restricted zones.
  const project = useChosenRow('project@routeEditor', draft?.project_id);
  const area = (project?.area as Polygon | null | undefined) ?? null;
  const ceiling = (project?.ceiling_m as number | null | undefined) ?? null;
  const checkContext = useMemo<RouteContext>(() => ({ ceiling_m: ceiling, area, restricted: context.restricted }), [ceiling, area, context.restricted]);
  const issues = useAppSelector((state: RootState) => selectDraftIssues(state, checkContext));
  const metrics = useAppSelector(selectDraftMetrics);
  const waypoint = draft && selected !== null ? draft.waypoints[selected] : undefined;
  const close = () => dispatch(editorClosed());
  // Leaflet measures its container when it starts: the map waits until the dialog has finished opening.
  const [entered, setEntered] = useState(false);
  const [confirmingConversion, setConfirmingConversion] = useState(false);
  const save = () => (draft && needsConversion(draft) ? setConfirmingConversion(true) : dispatch(saveRequested()));
  const title = draft?.id ? `${t('routes.editorTitle')} · ${draft.name}` : t('routes.newTitle');

  return (
    <Dialog
      open={editor.open}
      onClose={close}
      fullScreen
      aria-labelledby="route-editor-title"
      slotProps={{ transition: { onEntered: () => setEntered(true), onExited: () => setEntered(false) } }}
    >
      <DialogTitle id="route-editor-title">{title}</DialogTitle>
      {editor.loading && <LinearProgress />}
      <DialogContent dividers sx={{ display: 'flex', gap: 2, p: 1.5 }}>
        {draft && (
          <Stack component="aside" spacing={1.5} sx={{ width: 380, flexShrink: 0, overflow: 'auto', pr: 0.5 }}>
            <TextField
              size="small"
              label={t('routes.name')}
              value={draft.name}
              required
              disabled={!canWrite}
              onChange={(e) => dispatch(draftFieldChanged({ name: e.target.value }))}
            />
            <LookupField
              resource="project"
              name="project_id"
              size="small"
              label={t('routes.project')}
              value={draft.project_id === null ? '' : String(draft.project_id)}
              currentLabel={project?.name}
              required
              disabled={!canWrite}
              onChange={(value) => dispatch(draftFieldChanged({ project_id: value ? Number(value) : null }))}
            />
            <Box role="status" aria-label={t('routes.checks')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Chip size="small" label={`${t('routes.waypoints')} ${draft.waypoints.length}`} />
              <Chip size="small" label={`${t('routes.length')} ${format.distance(metrics?.length_m)}`} />
              <Chip size="small" label={`${t('routes.duration')} ${format.duration(metrics?.duration_s)}`} />
              <Chip size="small" title={t('routes.batteryModel')} label={`${t('routes.battery')} ${format.percent(metrics?.battery_pct)}`} />
            </Box>
            {issues.length === 0 ? (
              <Alert severity="success">{t('routes.checksOk')}</Alert>
            ) : (
              <Alert severity="warning">
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {issues.map((issue, i) => (
                    <li key={i}>{t(`apiError.${issue.code}`, issue.params)}</li>
                  ))}
                </Box>
              </Alert>
            )}
            {editor.saveError && <Alert severity="error">{editor.saveError}</Alert>}
            <Typography variant="body2" color="text.secondary">
              {editor.adding ? t('routes.adding') : t('routes.editHint')}
            </Typography>
            {draft.waypoints.length === 0 ? (
              <Typography color="text.secondary">{t('routes.noWaypoints')}</Typography>
            ) : (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {draft.waypoints.map((_, i) => (
                  <Chip
                    key={i}
                    size="small"
                    label={i + 1}
                    color={i === selected ? 'primary' : 'default'}
                    aria-label={t('routes.selectWaypoint', { index: i + 1 })}
                    onClick={() => dispatch(waypointSelected(i))}
                  />
                ))}
              </Box>
            )}
            {waypoint && selected !== null && (
              <Box component="section" aria-label={t('routes.waypoint', { index: selected + 1 })}>
                <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle1" sx={{ flex: 1 }}>
                    {t('routes.waypoint', { index: selected + 1 })}
                  </Typography>
                  {canWrite && selected < draft.waypoints.length - 1 && (
                    <Button size="small" onClick={() => dispatch(legSplit(selected))}>
                      {t('routes.insertAfter')}
                    </Button>
                  )}
                  {canWrite && (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => dispatch(waypointDeleted({ index: selected, fromPanel: true }))}
                    >
                      {t('routes.deleteWaypoint')}
                    </Button>
                  )}
                </Box>
                <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
                  <WaypointForm waypoint={waypoint} onChange={(patch) => dispatch(waypointChanged({ index: selected, patch }))} />
                </fieldset>
              </Box>
            )}
            <TemplatePanel draft={draft} />
            <Accordion disableGutters variant="outlined">
              <AccordionSummary>{t('routes.settings')}</AccordionSummary>
              <AccordionDetails>
                <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
                  <RouteSettingsForm settings={draft.settings} onChange={(patch) => dispatch(settingsChanged(patch))} />
                </fieldset>
              </AccordionDetails>
            </Accordion>
          </Stack>
        )}
        <Box sx={{ flex: 1, display: 'flex', minHeight: 480 }}>
          {entered && (
            <MapCanvas label={t('routes.editorMap')}>
              <ContextLayers area={area} restricted={context.restricted} />
              {draft?.template?.area && <GeoJSON key={`template-${draft.id}`} data={draft.template.area} style={TEMPLATE_AREA_STYLE} interactive={false} />}
              <RouteMapLayer editable={canWrite} />
            </MapCanvas>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        {canWrite && (
          <Button startIcon={<AddLocationIcon />} variant={editor.adding ? 'contained' : 'outlined'} onClick={() => dispatch(addingToggled())}>
            {editor.adding ? t('routes.stopAdding') : t('routes.addWaypoints')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={close}>{t('routes.close')}</Button>
        {canWrite && (
          <Button variant="contained" disabled={!draft || editor.saving || !draft.name.trim() || draft.project_id === null || issues.length > 0} onClick={save}>
            {editor.saving ? t('routes.saving') : t('routes.save')}
          </Button>
        )}
      </DialogActions>
      <Dialog open={confirmingConversion} onClose={() => setConfirmingConversion(false)} aria-labelledby="route-convert-title">
        <DialogTitle id="route-convert-title">{t('routes.convertTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning">{t('routes.convertWarning', { type: draft ? templateTypeName(t, draft.template_type) : '' })}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingConversion(false)}>{t('routes.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              setConfirmingConversion(false);
              dispatch(saveRequested({ convert: true }));
            }}
          >
            {t('routes.convertConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
