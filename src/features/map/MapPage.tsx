import { Box, Divider, Paper } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import EditLayer from './EditLayer';
import FeatureEditor from './FeatureEditor';
import FeatureList from './FeatureList';
import ImportExport from './ImportExport';
import MapCanvas from './MapCanvas';
import { AreaOverlays, FeatureLayers, LayerSwitcher } from './MapLayers';
import { editorOpened, featuresRequested, mapHidden, mapShown, overlaysRequested } from './mapSlice';
import type { FeatureKind } from './types';

const TITLE = { index: 'menu.mapIndex', point: 'menu.point', polyline: 'menu.polyline', polygon: 'menu.polygon' } as const;
const LAYER_OF_KIND = { point: 'points', polyline: 'lines', polygon: 'polygons' } as const;

/**
 * /Map/Index (every feature, read-only) or an editor page for one kind (/Map/Point, /Map/Polyline, /Map/Polygon); without
 * map:write an editor page shows that kind read-only (no drawing, editing or import; export stays).
 */
export default function MapPage({ kind }: { kind?: FeatureKind }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const page = kind ?? 'index';
  const canWrite = useCan('map:write');
  const editing = Boolean(kind) && canWrite;

  useEffect(() => {
    dispatch(mapShown());
    return () => void dispatch(mapHidden());
  }, [dispatch]);

  useEffect(() => {
    dispatch(editorOpened(kind ?? null));
    dispatch(featuresRequested());
    dispatch(overlaysRequested());
    return () => void dispatch(editorOpened(null));
  }, [kind, dispatch]);

  return (
    <PageFrame title={t(TITLE[page])}>
      <Box sx={{ display: 'flex', gap: 2, height: 'calc(100vh - 210px)', minHeight: 480 }}>
        <Paper
          variant="outlined"
          component="aside"
          sx={{ width: 320, flexShrink: 0, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, overflow: 'auto' }}
        >
          {kind && (
            <>
              {editing && <FeatureEditor kind={kind} />}
              <ImportExport kind={kind} canImport={editing} />
              <Divider />
            </>
          )}
          <FeatureList page={page} />
        </Paper>
        <Box sx={{ flex: 1, position: 'relative', display: 'flex' }}>
          <MapCanvas label={t(TITLE[page])}>
            <AreaOverlays />
            <FeatureLayers kind={kind} edit={editing} />
            {kind && editing && <EditLayer kind={kind} />}
          </MapCanvas>
          <LayerSwitcher layers={kind ? [LAYER_OF_KIND[kind], 'projects', 'airspace'] : undefined} />
        </Box>
      </Box>
    </PageFrame>
  );
}
