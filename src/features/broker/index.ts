// The broker feature's public face: other features import these from here, never its files.
export { default as BrokerStatusIndicator } from './BrokerStatus';
export { type BrokerStatus, brokerStatusChanged, selectBrokerStatus, selectLiveSamples, subscriptionsChanged } from './brokerSlice';
export { selectCurrentWeather, selectOnlineSummary } from './selectors';
export { brokerEvents, type BrokerEvents, type EventBus } from './eventBus';
export { topicChannel, withSubscription } from './topicSubscription';
export { connectWithMqttJs, type MqttConnect, type MqttLike } from './mqttClient';
