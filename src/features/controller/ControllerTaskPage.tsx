import { Alert, Box, Button, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { TaskProgress } from '@shared/entities/task';
import { LivePanel } from '../live';
import { selectCurrentProject } from '../project';
import { selectTasksLive, TaskProgressView } from '../tasks';
import { selectControllerRoute, selectControllerTasks, selectSelectedTaskId, taskSelected, tasksRequested } from './controllerSlice';
import { taskRouteId } from './djiConfig';
import { useFormat } from '../../shared/format';
import { routeDurationSeconds, routeLengthMetres } from './routeGeometry';

// Leaflet only loads once a route is shown.
const RouteMap = lazy(() => import(/* webpackChunkName: "controller-map" */ './RouteMap'));

/** /djiapp/task: the current project's tasks; the selected task's route on a map, and its aircraft's video while it flies. */
export default function ControllerTaskPage() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  // A status the console knows, in the app language (the tasks feature's texts); nothing for one it does not.
  const statusText = (status: unknown) => (typeof status === 'string' && i18n.exists(`tasks.statuses.${status}`) ? t(`tasks.statuses.${status}`) : undefined);
  const dispatch = useAppDispatch();
  const project = useAppSelector(selectCurrentProject);
  const tasks = useAppSelector(selectControllerTasks);
  const selectedTaskId = useAppSelector(selectSelectedTaskId);
  const route = useAppSelector(selectControllerRoute);
  const live = useAppSelector(selectTasksLive);
  const projectId = project?.id ?? null;

  useEffect(() => {
    if (projectId !== null) dispatch(tasksRequested(projectId));
  }, [dispatch, projectId]);

  if (!project) {
    return (
      <Box sx={{ display: 'grid', gap: 3, justifyItems: 'start' }}>
        <Typography variant="h4" component="h1">
          {t('route.djiTask')}
        </Typography>
        <Typography>{t('controller.task.noProject')}</Typography>
        <Button variant="contained" component={Link} to="/djiapp/project">
          {t('controller.home.chooseProject')}
        </Button>
      </Box>
    );
  }

  const selectedTask = tasks.items.find((task) => task.id === selectedTaskId);
  const routeData = route.data;
  const duration = routeData ? routeDurationSeconds(routeData) : null;
  // The pushed status (sysinfo/task) is newer than the loaded list's.
  const flyingDeviceId =
    selectedTask && (live[selectedTask.id]?.status ?? selectedTask.status) === 'running' && typeof selectedTask.device_id === 'number'
      ? selectedTask.device_id
      : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateRows: 'auto 1fr', height: '100%' }}>
      <Typography variant="h4" component="h1">
        {t('route.djiTask')} · {project.name}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: '420px 1fr', minHeight: 0 }}>
        <Paper variant="outlined" sx={{ overflow: 'auto' }}>
          {tasks.status === 'loading' && tasks.items.length === 0 && (
            <Typography role="status" sx={{ p: 3 }}>
              {t('controller.task.loading')}
            </Typography>
          )}
          {tasks.status === 'failed' && <Alert severity="error">{t('controller.task.failed')}</Alert>}
          {tasks.status === 'loaded' && tasks.items.length === 0 && (
            <Typography sx={{ p: 3 }} color="text.secondary">
              {t('controller.task.empty')}
            </Typography>
          )}
          <List aria-label={t('controller.task.title')} disablePadding>
            {tasks.items.map((task) => (
              <ListItemButton
                key={task.id}
                divider
                selected={task.id === selectedTaskId}
                onClick={() => dispatch(taskSelected({ taskId: task.id, routeId: taskRouteId(task) }))}
              >
                <ListItemText
                  primary={task.name}
                  secondary={
                    // Pushed progress (sysinfo/task) is newer than the loaded list.
                    live[task.id]?.progress || task.progress ? (
                      <TaskProgressView progress={live[task.id]?.progress ?? (task.progress as TaskProgress)} compact />
                    ) : (
                      statusText(task.status)
                    )
                  }
                  slotProps={{ primary: { variant: 'h6' }, secondary: { component: 'div' } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Paper
          component="section"
          aria-label={t('controller.task.route')}
          variant="outlined"
          sx={{ p: 2, display: 'grid', gridTemplateRows: 'auto 1fr auto', gap: 2, minHeight: 520 }}
        >
          {!selectedTask && <Typography color="text.secondary">{t('controller.task.pick')}</Typography>}
          {selectedTask && route.id === null && <Typography color="text.secondary">{t('controller.task.noRoute')}</Typography>}
          {selectedTask && route.status === 'loading' && <Typography role="status">{t('controller.task.routeLoading')}</Typography>}
          {selectedTask && route.status === 'failed' && <Alert severity="error">{t('controller.task.routeFailed')}</Alert>}
          {selectedTask && routeData && (
            <>
              <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Typography variant="h6" component="h2">
                  {routeData.name}
                </Typography>
                <Typography>{t('controller.task.waypoints', { count: routeData.waypoints.length })}</Typography>
                <Typography>{t('controller.task.length', { value: fmt.distance(routeLengthMetres(routeData)) })}</Typography>
                {duration !== null && <Typography>{t('controller.task.duration', { value: fmt.duration(duration) })}</Typography>}
              </Box>
              <Suspense fallback={<Typography role="status">{t('controller.task.routeLoading')}</Typography>}>
                <RouteMap route={routeData} label={t('controller.task.map')} />
              </Suspense>
            </>
          )}
          {flyingDeviceId !== null && <LivePanel deviceId={flyingDeviceId} />}
        </Paper>
      </Box>
    </Box>
  );
}
