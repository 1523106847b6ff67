import type { RootState } from '../../app/rootReducer';

export { selectBrokerStatus } from './brokerSlice';
export const selectOnlineSummary = (state: RootState) => state.broker.online?.summary ?? null;
export const selectWeather = (state: RootState) => state.broker.weather;
/** The first station (the default area, or the first project area). */
export const selectCurrentWeather = (state: RootState) => state.broker.weather?.stations[0] ?? null;
export const selectSubscriptions = (state: RootState) => state.broker.subscriptions;

/** What the saga connects with: config.json's static account when set, otherwise the user's own name and login token. */
export const selectConnectionSettings = (state: RootState) => ({
  mqttHost: state.platform.config.mqtt_host,
  staticUser: state.platform.config.mqtt_user,
  staticPassword: state.platform.config.mqtt_passwd,
  token: state.auth.token,
  username: state.auth.user?.username,
});
