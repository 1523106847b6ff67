import type { i18n } from 'i18next';
import type { HttpClient } from '../api/client';
import type { MqttConnect } from '../features/broker/mqttClient';

export interface Navigator {
  navigate(path: string): void;
}

/** What sagas reach through getContext: every side effect of the app goes through one of these. */
export interface AppServices {
  http: HttpClient;
  navigator: Navigator;
  storage: Storage;
  i18n: i18n;
  document: Document;
  /** The broker client factory (mqtt.js in the browser); without one the console runs with no broker connection. */
  mqttConnect?: MqttConnect;
}
