import { translateFeature } from '../i18n/featureText';
import text from './text';

export default translateFeature(text, {
  menuItem: 'QA panel',
  title: 'QA panel: action log and replay',
  close: 'Close',
  sourceRecording: 'Current recording (started {{time}})',
  sourceFile: 'File: {{name}}',
  noLog: 'Nothing recorded yet',
  showRecording: 'Current recording',
  loadFile: 'Load file',
  download: 'Download JSON',
  highVolume: 'High-volume messages',
  highVolumeMode: { exclude: 'Not recorded', include: 'All recorded', sample: 'Sample 1 in {{n}}' },
  entries: 'Actions ({{count}})',
  columns: { seq: 'Seq', time: 'Time (ms)', type: 'Action type' },
  initialState: 'Initial state',
  controls: { first: 'Back to start', back: 'Step back', play: 'Play', pause: 'Pause', step: 'Step', last: 'Jump to end', speed: 'Speed', jump: 'Jump to seq', go: 'Go' },
  speedMs: '{{ms}} ms/step',
  position: 'Entry {{cursor}} of {{total}}',
  positionStart: 'Initial state ({{total}} entries)',
  changed: 'Changed slices',
  noChange: 'No change',
  state: 'State at this point',
  verdict: {
    allMatch: 'All {{count}} checkpoints match',
    noCheckpoints: 'This log has no checkpoints',
    diverged: 'State diverged from the recording in entries seq {{from}}…{{seq}}',
    divergedAtStart: 'State diverged from the recording at or before entry seq {{seq}}',
    reducerError: 'Replay stopped: {{message}}',
  },
  loadError: 'Cannot load: {{message}}',
});
