import { reasonParams } from '../../api/errorCatalogue';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectBrokerStatus, type BrokerStatus } from '../broker';
import { selectCurrentProject } from '../project';
import {
  controllerRefreshRequested,
  selectAircraftSn,
  selectBridgeError,
  selectBridgeStatus,
  selectComponents,
  selectControllerConnected,
  selectRemoteControllerSn,
  selectThingState,
  type ThingState,
} from './controllerSlice';
import { BoundSerials } from '../devicelink';
import { bridgeFailureText } from './bridgeFailure';
import { CLOUD_COMPONENTS } from './components';
import LivesharePanel from './LivesharePanel';
import StatusTile from './StatusTile';

const thingTone = (state: ThingState) => (state === 'connected' ? 'ok' : state === 'failed' ? 'bad' : state === 'connecting' ? 'warn' : 'neutral');
const brokerTone = (status: BrokerStatus) =>
  status === 'connected' ? 'ok' : status === 'error' ? 'bad' : status === 'reconnecting' || status === 'connecting' ? 'warn' : 'neutral';

/** /djiapp/home: serials, aircraft connection, bridge components, broker and current project; the liveshare panel. */
export default function ControllerHomePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const aircraftSn = useAppSelector(selectAircraftSn);
  const rcSn = useAppSelector(selectRemoteControllerSn);
  const connected = useAppSelector(selectControllerConnected);
  const bridgeStatus = useAppSelector(selectBridgeStatus);
  const bridgeError = useAppSelector(selectBridgeError);
  const components = useAppSelector(selectComponents);
  const loadedCount = CLOUD_COMPONENTS.filter((name) => components[name] === 'loaded').length;
  const anyFailed = CLOUD_COMPONENTS.some((name) => components[name] === 'failed');
  const thingState = useAppSelector(selectThingState);
  const brokerStatus = useAppSelector(selectBrokerStatus);
  const project = useAppSelector(selectCurrentProject);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('route.djiHome')}
        </Typography>
        <Button variant="outlined" onClick={() => dispatch(controllerRefreshRequested())}>
          {t('controller.refresh')}
        </Button>
      </Box>
      {bridgeError && <Typography color="error.main">{t('controller.bridgeError', reasonParams(bridgeFailureText(bridgeError)))}</Typography>}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))' }}>
        <StatusTile label={t('controller.home.aircraft')} value={aircraftSn ?? t('controller.home.noAircraft')} tone={aircraftSn ? 'ok' : 'warn'} />
        <StatusTile label={t('controller.home.remoteController')} value={rcSn ?? t('controller.none')} />
        <StatusTile
          label={t('controller.home.connection')}
          value={connected ? t('controller.home.connected') : t('controller.home.disconnected')}
          tone={connected ? 'ok' : 'bad'}
        />
        <StatusTile label={t('controller.home.project')} value={project?.name ?? t('controller.home.noProject')} tone={project ? 'ok' : 'neutral'}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" component={Link} to="/djiapp/project">
              {t('controller.home.chooseProject')}
            </Button>
            {project && (
              <Button variant="outlined" component={Link} to="/djiapp/task">
                {t('controller.home.openTasks')}
              </Button>
            )}
          </Box>
        </StatusTile>
        <StatusTile
          label={t('controller.home.license')}
          value={t(`controller.license.${bridgeStatus === 'failed' ? 'refused' : bridgeStatus}`)}
          tone={bridgeStatus === 'verified' ? 'ok' : bridgeStatus === 'failed' ? 'bad' : 'neutral'}
        />
        <StatusTile
          label={t('controller.home.components')}
          value={t('controller.home.componentsLoaded', { loaded: loadedCount, total: CLOUD_COMPONENTS.length })}
          tone={anyFailed ? 'bad' : loadedCount === CLOUD_COMPONENTS.length ? 'ok' : 'neutral'}
        >
          <Box component="ul" aria-label={t('controller.home.components')} sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {CLOUD_COMPONENTS.map((name) => (
              <Typography component="li" key={name} data-component={name} data-state={components[name] ?? 'idle'}>
                {t(`controller.componentName.${name}`)}: {t(`controller.component.${components[name] ?? 'idle'}`)}
              </Typography>
            ))}
          </Box>
        </StatusTile>
        <StatusTile label={t('controller.home.thing')} value={t(`controller.thing.${thingState}`)} tone={thingTone(thingState)}>
          <BoundSerials serials={[aircraftSn, rcSn]} />
        </StatusTile>
        <StatusTile label={t('controller.home.broker')} value={t(`controller.broker.${brokerStatus}`)} tone={brokerTone(brokerStatus)} />
      </Box>
      <LivesharePanel />
    </Box>
  );
}
