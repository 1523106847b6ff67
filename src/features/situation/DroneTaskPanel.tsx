import { Box, Button, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmDialog from '../../crud/ConfirmDialog';
import { useCan } from '../auth';
import { planLink } from '../airspace';
import { selectTaskLive, TaskProgressView, taskLink } from '../tasks';
import { CARD_COMMANDS, commandBlocked, planOfTask, type CardCommand } from './droneTask';
import { selectConformance, selectDroneTask } from './selectors';
import { droneTaskCommanded, droneTaskRequested } from './viewActions';
import FieldRows from './FieldRows';

/**
 * The task an aircraft on the view flies, on its card: name (a link to it in the task list) and status, progress
 * (waypoint i / n), the flight plan it flies under (a link to it in the plan list), and pause / resume / return home,
 * each confirmed naming the aircraft. The task is read again when the card opens.
 */
export default function DroneTaskPanel({ taskId, aircraft }: { taskId: number; aircraft: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const loaded = useAppSelector((state) => selectDroneTask(state, taskId));
  const live = useAppSelector((state) => selectTaskLive(state, taskId));
  const { plans } = useAppSelector(selectConformance);
  const canWrite = useCan('task:write');
  const [confirming, setConfirming] = useState<CardCommand | null>(null);
  useEffect(() => {
    dispatch(droneTaskRequested(taskId));
  }, [dispatch, taskId]);

  if (!loaded) return <Typography variant="body2">{t('situation.droneTask.unnamed', { id: taskId })}</Typography>;
  const { task, route } = loaded;
  // What sysinfo/task pushed since the task was read is newer.
  const flight = { status: live?.status ?? task.status, flight_id: task.flight_id, progress: live ? live.progress : task.progress };
  const plan = planOfTask(plans, task);
  const waypoint = flight.progress?.waypoint_index ?? null;
  const commandName = (command: CardCommand) => t(`situation.droneTask.commands.${command}`);
  const rows: Array<[string, ReactNode]> = [
    [
      t('situation.droneTask.name'),
      <Link component={RouterLink} to={taskLink(task.id)}>
        {`${task.name} (#${task.id})`}
      </Link>,
    ],
    [t('situation.droneTask.status'), t(`tasks.statuses.${flight.status}`)],
    ...(route && waypoint !== null
      ? [[t('situation.droneTask.waypoints'), t('situation.droneTask.waypointOf', { index: waypoint + 1, total: route.length })] as [string, string]]
      : []),
    [
      t('situation.droneTask.plan'),
      plan ? (
        <Link component={RouterLink} to={planLink(plan.id)}>
          {t('situation.droneTask.planValue', { id: plan.id, status: t(`airspace.planStatuses.${plan.status}`), application: plan.application_id })}
        </Link>
      ) : (
        t('situation.droneTask.noPlan')
      ),
    ],
  ];
  return (
    <Box role="group" aria-label={t('situation.droneTask.title')} sx={{ mt: 1 }}>
      <FieldRows rows={rows} />
      <TaskProgressView progress={flight.progress} compact />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        {CARD_COMMANDS.map((command) => {
          const blocked = commandBlocked(command, flight, canWrite);
          const reason =
            blocked && t(`situation.droneTask.blocked.${blocked}`, { command: commandName(command), status: t(`tasks.statuses.${flight.status}`) });
          return (
            <Tooltip key={command} title={reason || ''}>
              <span>
                <Button
                  size="small"
                  variant="outlined"
                  color={command === 'return_home' ? 'warning' : 'primary'}
                  disabled={blocked !== null}
                  onClick={() => setConfirming(command)}
                >
                  {commandName(command)}
                </Button>
              </span>
            </Tooltip>
          );
        })}
      </Stack>
      {!canWrite && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('situation.droneTask.blocked.permission')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('situation.droneTask.confirmTitle', { command: commandName(confirming), aircraft }) : ''}
        body={confirming ? t(`situation.droneTask.confirm.${confirming}`, { aircraft, task: task.name }) : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) dispatch(droneTaskCommanded({ taskId, command: confirming, label: commandName(confirming) }));
          setConfirming(null);
        }}
      />
    </Box>
  );
}
