import { Alert, Button, Stack } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { importProblemText, parseGeoJsonImport, toFeatureCollection } from './geojsonImport';
import { importDismissed, importRejected, importRequested } from './mapSlice';
import { selectFeatures, selectImport } from './selectors';
import { kindOfFeature, type FeatureKind } from './types';

/** Import (validated, all or nothing; only with `canImport`) and export (download) of one kind's features as GeoJSON. */
export default function ImportExport({ kind, canImport }: { kind: FeatureKind; canImport: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const state = useAppSelector(selectImport);
  const features = useAppSelector(selectFeatures);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const result = parseGeoJsonImport(await file.text(), kind);
    if (result.ok) dispatch(importRequested({ fileName: file.name, features: result.features }));
    else dispatch(importRejected({ fileName: file.name, errors: result.errors }));
    if (input.current) input.current.value = '';
  };

  const onExport = () => {
    const collection = toFeatureCollection(features.filter((f) => kindOfFeature(f) === kind));
    const url = URL.createObjectURL(new Blob([JSON.stringify(collection, null, 2)], { type: 'application/geo+json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `features-${kind}.geojson`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        {canImport && (
          <Button size="small" variant="outlined" component="label" disabled={state.status === 'saving'}>
            {t('map.importFile')}
            <input
              ref={input}
              hidden
              type="file"
              accept=".geojson,.json,application/geo+json,application/json"
              aria-label={t('map.importFile')}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </Button>
        )}
        <Button size="small" variant="outlined" onClick={onExport}>
          {t('map.exportFile')}
        </Button>
      </Stack>
      {state.status === 'saving' && <Alert severity="info">{t('map.importing', { count: state.count })}</Alert>}
      {state.status === 'done' && (
        <Alert severity="success" onClose={() => dispatch(importDismissed())}>
          {t('map.imported', { count: state.count })}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert severity="error" role="alert" onClose={() => dispatch(importDismissed())}>
          {t('map.importRejected', { file: state.fileName })}
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {state.errors
              .map((e) => importProblemText(e, t))
              .map((text) => (
                <li key={text}>{text}</li>
              ))}
          </ul>
        </Alert>
      )}
    </Stack>
  );
}
