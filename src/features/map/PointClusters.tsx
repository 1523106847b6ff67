import { Box, Link, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { CircleMarker, Marker, Popup, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import L from './leafletGlobal';
import { clusterClick, gridClusters, type PointCluster, type PositionedPoint } from './clusterRules';

/** A cluster's popup lists at most this many of its points. */
const LISTED_MAX = 30;

export interface ClusterPoint extends PositionedPoint {
  id: number;
}

export interface PointClustersProps<P extends ClusterPoint> {
  points: readonly P[];
  /** A point's colour. */
  colorOf: (point: P) => string;
  /** A cluster's colour, from its points (e.g. the most severe one's). */
  clusterColorOf: (points: readonly P[]) => string;
  /** A point's name in its tooltip and in a cluster's list. */
  labelOf: (point: P) => string;
  /** A cluster's title: its count, and that a click zooms in or lists them. */
  clusterLabel: (count: number, click: 'zoom' | 'list') => string;
  /** "and {count} more", under a cluster's list cut at LISTED_MAX. */
  moreLabel: (count: number) => string;
  onOpen: (point: P) => void;
}

const countIcon = (count: number, color: string) =>
  L.divIcon({
    className: 'point-cluster',
    iconSize: [36, 36],
    html: `<span style="display:flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%;background:${color};color:#fff;font:600 12px sans-serif;border:2px solid #fff;box-shadow:0 0 4px rgba(0,0,0,.4)">${count}</span>`,
  });

function ClusterMarker<P extends ClusterPoint>({ cluster, zoom, ...props }: PointClustersProps<P> & { cluster: PointCluster<P>; zoom: number }) {
  const map = useMap();
  const click = clusterClick(cluster, zoom, map.getMaxZoom());
  const color = props.clusterColorOf(cluster.points);
  const icon = useMemo(() => countIcon(cluster.points.length, color), [cluster.points.length, color]);
  const listed = cluster.points.slice(0, LISTED_MAX);
  return (
    <Marker
      position={cluster.position}
      icon={icon}
      title={props.clusterLabel(cluster.points.length, click)}
      eventHandlers={click === 'zoom' ? { click: () => map.fitBounds(cluster.bounds, { padding: [40, 40] }) } : {}}
    >
      {click === 'list' && (
        <Popup>
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 240, overflowY: 'auto' }}>
            {listed.map((point) => (
              <li key={point.id}>
                <Link component="button" onClick={() => props.onOpen(point)} sx={{ color: props.colorOf(point) }}>
                  {props.labelOf(point)}
                </Link>
              </li>
            ))}
          </Box>
          {cluster.points.length > listed.length && <Typography variant="caption">{props.moreLabel(cluster.points.length - listed.length)}</Typography>}
        </Popup>
      )}
    </Marker>
  );
}

/**
 * Points on the map grouped by where they fall on the screen (gridClusters, again at each zoom): a lone point is a
 * dot that opens it; several are one marker with their count, which zooms in on them, or lists them when zooming in
 * cannot part them.
 */
export default function PointClusters<P extends ClusterPoint>(props: PointClustersProps<P>) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const clusters = useMemo(() => gridClusters(props.points, zoom), [props.points, zoom]);
  return (
    <>
      {clusters.map((cluster) => {
        if (cluster.points.length > 1) return <ClusterMarker key={cluster.key} cluster={cluster} zoom={zoom} {...props} />;
        const [point] = cluster.points;
        const color = props.colorOf(point);
        return (
          <CircleMarker
            key={`point-${point.id}`}
            center={point.position}
            radius={7}
            pathOptions={{ color, fillColor: color, fillOpacity: 0.9 }}
            eventHandlers={{ click: () => props.onOpen(point) }}
          >
            <Tooltip>{props.labelOf(point)}</Tooltip>
          </CircleMarker>
        );
      })}
    </>
  );
}
