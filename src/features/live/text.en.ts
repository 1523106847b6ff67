import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  title: 'Video',
  noCameras: 'No camera available',
  tile: 'Tile {{n}}',
  noTile: 'No camera chosen',
  tileOffline: 'This camera is offline',
  layout: 'Layout',
  layoutOf: '{{count}} tiles',
  videoOf: '{{sn}} camera {{camera}}',
  start: 'Start live',
  stop: 'Stop live',
  lens: 'Lens',
  quality: 'Quality',
  fullscreen: 'Fullscreen',
  snapshot: 'Snapshot',
  protocol: 'Protocol',
  protocols: { flv: 'HTTP-FLV (low delay)', hls: 'HLS' },
  unplayable: 'This browser cannot play the stream',
  viewers: '{{count}} watching',
  deviceError: 'The device reports live error {{code}}',
  status: { idle: 'Not live', starting: 'Starting', live: 'Live', ended: 'Ended' },
  ended: { stopped: 'Stopped', idle: 'Nobody watched: stopped', offline: 'Device offline' },
  lenses: { normal: 'Normal', wide: 'Wide', zoom: 'Zoom', ir: 'Infrared', thermal: 'Thermal' },
  qualities: { 0: 'Adaptive', 1: 'Smooth 540p', 2: 'SD 720p', 3: 'HD 720p', 4: 'UHD 1080p' },
});
