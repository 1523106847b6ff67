import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  toast: {
    connected: 'Message service connected',
    reconnecting: 'Reconnecting…',
    failed: 'Connection failed',
    setupError: 'Connection error',
  },
  status: {
    label: 'Message service: {{status}}',
    idle: 'not connected',
    connecting: 'connecting',
    connected: 'connected',
    reconnecting: 'reconnecting',
    error: 'connection failed',
    closed: 'disconnected',
  },
  weather: {
    label: 'Weather',
    none: 'No weather data yet',
    wind: 'Wind {{speed}} m/s',
    summary:
      '{{name}}: wind {{speed}} m/s (gusts {{gust}} m/s, from {{direction}}°), {{temperature}}°C, humidity {{humidity}}%, visibility {{visibility}} m, precipitation {{precipitation}} mm/h',
    flyable: 'Flyable',
    notFlyable: 'Not flyable',
    simulated: 'Simulated weather station',
    reasons: {
      wind: 'wind too strong',
      gust: 'gusts too strong',
      visibility: 'low visibility',
      precipitation: 'precipitation',
      cold: 'too cold',
      heat: 'too hot',
    },
  },
  online: 'Devices online {{count}}/{{total}}',
});
