import { Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ClusterMap } from '../map';
import { defectPoints, mostSevere, SEVERITY_STROKES, type DefectPoint } from './defectRules';
import { defectMapRequested, defectOpened, selectDefects } from './defectsSlice';

const colorOf = (point: DefectPoint) => SEVERITY_STROKES[point.severity];

/**
 * Every defect of the filters where it is (GET /Defect/points/), clustered by zoom, coloured by severity (a cluster by
 * its most severe, the most severe points on top); a click opens the photo. When the filters hold more than the server
 * answers at once, the map shows the most severe and then, at each move, every defect in view.
 */
export default function DefectMap() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { map } = useAppSelector(selectDefects);
  const points = useMemo(() => defectPoints(map.points), [map.points]);
  if (map.bbox === null && points.length === 0)
    return <Typography>{t(map.loading ? 'app.loading' : map.failed ? 'defects.page.mapFailed' : 'defects.page.noPositions')}</Typography>;
  const count = points.length;
  const caption = map.truncated
    ? t('defects.page.mapTruncated', { count })
    : t(map.bbox === null ? 'defects.page.mapShown' : 'defects.page.mapInView', { count });
  return (
    <ClusterMap
      label={t('defects.page.map')}
      caption={caption}
      fit={map.bbox === null}
      onView={map.crowded ? (bbox) => dispatch(defectMapRequested(bbox)) : undefined}
      points={points}
      colorOf={colorOf}
      clusterColorOf={(members) => SEVERITY_STROKES[mostSevere(members.map((point) => point.severity))]}
      labelOf={(point) => t('defects.outline', { severity: t(`defects.severities.${point.severity}`), id: point.id })}
      clusterLabel={(n, click) => t(click === 'zoom' ? 'defects.page.clusterZoom' : 'defects.page.clusterList', { count: n })}
      moreLabel={(n) => t('defects.page.clusterMore', { count: n })}
      onOpen={(point) => dispatch(defectOpened(point.id))}
    />
  );
}
