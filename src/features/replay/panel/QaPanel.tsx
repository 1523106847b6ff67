import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { HighVolumeMode } from '../logFormat';
import {
  downloadRequested,
  fileChosen,
  highVolumeChanged,
  jumpedTo,
  jumpedToSeq,
  loadErrorDismissed,
  pageChanged,
  panelClosed,
  pauseRequested,
  playRequested,
  recordingRequested,
  selectChangedSlices,
  selectCurrentState,
  selectMaxCursor,
  selectPageCount,
  selectPageEntries,
  selectReplayVerdict,
  speedChanged,
  SPEEDS_MS,
  stepped,
  type ReplayState,
} from './replaySlice';

const useReplaySelector = useSelector.withTypes<ReplayState>();
const HIGH_VOLUME_MODES: HighVolumeMode[] = ['exclude', 'sample', 'include'];

function Toolbar() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const highVolume = useReplaySelector((s) => s.highVolume);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
      <Button variant="outlined" onClick={() => dispatch(recordingRequested())}>
        {t('replay.showRecording')}
      </Button>
      <Button variant="outlined" component="label">
        {t('replay.loadFile')}
        <input
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="replay-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) dispatch(fileChosen(file));
            e.target.value = '';
          }}
        />
      </Button>
      <Button variant="contained" onClick={() => dispatch(downloadRequested())}>
        {t('replay.download')}
      </Button>
      <TextField
        select
        size="small"
        label={t('replay.highVolume')}
        value={highVolume.mode}
        onChange={(e) => dispatch(highVolumeChanged(e.target.value as HighVolumeMode))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 160 }}
      >
        {HIGH_VOLUME_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`replay.highVolumeMode.${mode}`, { n: highVolume.sampleEvery })}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}

function Controls() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const cursor = useReplaySelector((s) => s.cursor);
  const playing = useReplaySelector((s) => s.playing);
  const intervalMs = useReplaySelector((s) => s.intervalMs);
  const max = useReplaySelector(selectMaxCursor);
  const total = useReplaySelector((s) => s.log?.entries.length ?? 0);
  const entry = useReplaySelector((s) => (s.log && s.cursor > 0 ? s.log.entries[s.cursor - 1] : null));
  const changed = useReplaySelector(selectChangedSlices);
  const onJump = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const seq = Number(new FormData(e.currentTarget).get('seq'));
    if (Number.isFinite(seq)) dispatch(jumpedToSeq(seq));
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <IconButton aria-label={t('replay.controls.first')} disabled={cursor === 0} onClick={() => dispatch(jumpedTo(0))}>
          <FirstPageIcon />
        </IconButton>
        <IconButton aria-label={t('replay.controls.back')} disabled={cursor === 0} onClick={() => dispatch(stepped(-1))}>
          <SkipPreviousIcon />
        </IconButton>
        {playing ? (
          <IconButton aria-label={t('replay.controls.pause')} onClick={() => dispatch(pauseRequested())}>
            <PauseIcon />
          </IconButton>
        ) : (
          <IconButton aria-label={t('replay.controls.play')} disabled={max === 0} onClick={() => dispatch(playRequested())}>
            <PlayArrowIcon />
          </IconButton>
        )}
        <IconButton aria-label={t('replay.controls.step')} disabled={cursor >= max} onClick={() => dispatch(stepped(1))}>
          <SkipNextIcon />
        </IconButton>
        <IconButton aria-label={t('replay.controls.last')} disabled={cursor >= max} onClick={() => dispatch(jumpedTo(max))}>
          <LastPageIcon />
        </IconButton>
        <TextField
          select
          size="small"
          label={t('replay.controls.speed')}
          value={intervalMs}
          onChange={(e) => dispatch(speedChanged(Number(e.target.value)))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {SPEEDS_MS.map((ms) => (
            <option key={ms} value={ms}>
              {t('replay.speedMs', { ms })}
            </option>
          ))}
        </TextField>
        <Box component="form" onSubmit={onJump} sx={{ display: 'flex', gap: 0.5 }}>
          <TextField
            name="seq"
            size="small"
            type="number"
            label={t('replay.controls.jump')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1 } }}
            sx={{ width: 130 }}
          />
          <Button type="submit" size="small">
            {t('replay.controls.go')}
          </Button>
        </Box>
      </Stack>
      <Typography variant="body2" data-testid="replay-position">
        {cursor === 0 ? t('replay.positionStart', { total }) : t('replay.position', { cursor, total })}
        {entry && ` · seq ${entry.seq} · ${entry.type}`}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2">{t('replay.changed')}:</Typography>
        {cursor > 0 && changed.length === 0 && <Typography variant="body2">{t('replay.noChange')}</Typography>}
        {changed.map((slice) => (
          <Chip key={slice} size="small" color="warning" label={slice} data-testid="replay-changed-slice" />
        ))}
      </Stack>
    </Stack>
  );
}

function EntryList() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const rows = useReplaySelector(selectPageEntries);
  const page = useReplaySelector((s) => s.page);
  const pages = useReplaySelector(selectPageCount);
  const cursor = useReplaySelector((s) => s.cursor);
  const total = useReplaySelector((s) => s.log?.entries.length ?? 0);
  const applied = useReplaySelector(selectMaxCursor);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2">{t('replay.entries', { count: total })}</Typography>
      <Table size="small" stickyHeader aria-label={t('replay.entries', { count: total })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('replay.columns.seq')}</TableCell>
            <TableCell>{t('replay.columns.time')}</TableCell>
            <TableCell>{t('replay.columns.type')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ entry, cursor: at }) => (
            <TableRow
              key={entry.seq}
              hover
              selected={at === cursor}
              onClick={() => at <= applied && dispatch(jumpedTo(at))}
              sx={{ cursor: 'pointer', opacity: at <= applied ? 1 : 0.5 }}
            >
              <TableCell>{entry.seq}</TableCell>
              <TableCell>{entry.t}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{entry.type}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 && <Pagination size="small" count={pages} page={page + 1} onChange={(_e, p) => dispatch(pageChanged(p - 1))} sx={{ mt: 1 }} />}
    </Box>
  );
}

function StateView() {
  const { t } = useTranslation();
  const state = useReplaySelector(selectCurrentState) as Record<string, unknown> | null;
  const changed = useReplaySelector(selectChangedSlices);
  if (!state) return null;
  return (
    <Box sx={{ minWidth: 0 }} data-testid="replay-state">
      <Typography variant="subtitle2">{t('replay.state')}</Typography>
      {Object.keys(state).map((slice) => (
        <details key={slice} open={changed.includes(slice)}>
          <summary style={{ fontFamily: 'monospace', fontWeight: changed.includes(slice) ? 700 : 400 }}>{slice}</summary>
          <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', fontSize: 12, overflow: 'auto', maxHeight: 320 }}>
            {JSON.stringify(state[slice], null, 2)}
          </Box>
        </details>
      ))}
    </Box>
  );
}

export default function QaPanel() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const open = useReplaySelector((s) => s.open);
  const source = useReplaySelector((s) => s.source);
  const loadError = useReplaySelector((s) => s.loadError);
  const verdict = useReplaySelector(selectReplayVerdict);
  const hasLog = useReplaySelector((s) => s.log !== null);
  return (
    <Dialog open={open} onClose={() => dispatch(panelClosed())} fullWidth maxWidth="xl" aria-labelledby="qa-panel-title">
      <DialogTitle id="qa-panel-title" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          {t('replay.title')}
          <Typography variant="body2" color="text.secondary">
            {source
              ? source.kind === 'file'
                ? t('replay.sourceFile', { name: source.name })
                : t('replay.sourceRecording', { time: source.name })
              : t('replay.noLog')}
          </Typography>
        </Box>
        <Button onClick={() => dispatch(panelClosed())}>{t('replay.close')}</Button>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Toolbar />
          {loadError && (
            <Alert severity="error" onClose={() => dispatch(loadErrorDismissed())} role="alert" data-testid="replay-load-error">
              {t('replay.loadError', { message: loadError })}
            </Alert>
          )}
          {verdict && (
            <Alert severity={verdict.severity} role="status" data-testid="replay-verdict">
              {t(verdict.key, verdict.params)}
            </Alert>
          )}
          {hasLog && <Controls />}
          {hasLog && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 2 }}>
              <EntryList />
              <StateView />
            </Box>
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
