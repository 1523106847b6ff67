import 'leaflet/dist/leaflet.css';
import { Typography } from '@mui/material';
import { useMemo } from 'react';
import { MapContainer, useMap, useMapEvents } from 'react-leaflet';
import BaseMap from './BaseMap';
import FitPoints from './FitPoints';
import PointClusters, { type ClusterPoint, type PointClustersProps } from './PointClusters';
import { pointsBounds, viewBbox } from './clusterRules';

/** Tells where the map looks (as the API's bbox) after each move or zoom. */
function ViewWatcher({ onView }: { onView: (bbox: string) => void }) {
  const map = useMap();
  useMapEvents({
    moveend: () => {
      const bounds = map.getBounds();
      const bbox = viewBbox(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast());
      if (bbox) onView(bbox);
    },
  });
  return null;
}

/**
 * A map of points clustered by zoom (PointClusters) under a caption: framed on the points whenever they change while
 * `fit` (points of the whole filters; points of the view leave it where the user put it), telling `onView` where it
 * looks after each move (for points loaded per view).
 */
export default function ClusterMap<P extends ClusterPoint>({
  label,
  caption,
  fit,
  onView,
  ...clusters
}: PointClustersProps<P> & {
  label: string;
  caption: string;
  fit: boolean;
  onView?: (bbox: string) => void;
}) {
  const frame = useMemo(() => (fit ? pointsBounds(clusters.points) : null), [fit, clusters.points]);
  return (
    <div role="region" aria-label={label} style={{ height: 480 }}>
      <MapContainer center={frame?.[0] ?? clusters.points[0]?.position ?? [0, 0]} zoom={15} style={{ height: '100%', backgroundColor: '#eef2f5' }}>
        <BaseMap picker />
        <PointClusters {...clusters} />
        {/* Listening before the frame is set: the view it frames is the first to ask for. */}
        {onView && <ViewWatcher onView={onView} />}
        {frame && <FitPoints bounds={frame} />}
      </MapContainer>
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </div>
  );
}
