import { Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ClusterMap } from '../map';
import { mediaPoints, type MediaPoint } from './mediaRules';
import { mapPointsRequested, previewOpened, selectMedia } from './mediaSlice';

const WITH_DEFECTS = '#e53935';
const WITHOUT_DEFECTS = '#1e88e5';
const colorOf = (point: MediaPoint) => (point.hasDefects ? WITH_DEFECTS : WITHOUT_DEFECTS);

/**
 * Every file of the filters where it was taken (GET /Media/points/), clustered by zoom, those with defects in red; a
 * click opens the preview. When the filters hold more than the server answers at once, the map shows the newest and
 * then, at each move, every file in view.
 */
export default function MediaMap() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { map } = useAppSelector(selectMedia);
  const points = useMemo(() => mediaPoints(map.points), [map.points]);
  if (map.bbox === null && points.length === 0)
    return <Typography>{t(map.loading ? 'app.loading' : map.failed ? 'media.mapFailed' : 'media.noPositions')}</Typography>;
  const count = points.length;
  const caption = map.truncated ? t('media.mapTruncated', { count }) : t(map.bbox === null ? 'media.mapShown' : 'media.mapInView', { count });
  return (
    <ClusterMap
      label={t('media.map')}
      caption={caption}
      fit={map.bbox === null}
      onView={map.crowded ? (bbox) => dispatch(mapPointsRequested(bbox)) : undefined}
      points={points}
      colorOf={colorOf}
      clusterColorOf={(members) => (members.some((point) => point.hasDefects) ? WITH_DEFECTS : WITHOUT_DEFECTS)}
      labelOf={(point) => t('media.pointLabel', { type: t(`media.types.${point.type}`), id: point.id })}
      clusterLabel={(n, click) => t(click === 'zoom' ? 'media.clusterZoom' : 'media.clusterList', { count: n })}
      moreLabel={(n) => t('media.clusterMore', { count: n })}
      onOpen={(point) => dispatch(previewOpened(point.id))}
    />
  );
}
