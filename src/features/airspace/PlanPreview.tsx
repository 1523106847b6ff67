import { LinearProgress, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useChosenRow } from '../../crud/hooks';
import { cornersOf, planVerdict, type PlanForm } from './airspaceRules';
import RuleResults from './RuleResults';
import { useFormat } from '../../shared/format';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));

/**
 * What a plan is filed into, before saving: the application's volume (its area on the map, its band and window in
 * words) with the chosen route drawn over it, and the verdict of the server's plan rules. Only the chosen
 * application and route are loaded (the pick lists search their collections on the server).
 */
export default function PlanPreview({ values }: { values: PlanForm }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const application = useChosenRow('airspaceApplication@planPreview', values.application_id);
  const route = useChosenRow('route@planPreview', values.route_id) ?? undefined;
  if (!application) return null;
  const waypoints = route?.waypoints ?? [];
  return (
    <section aria-label={t('airspace.planPreview')}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('airspace.volumeSummary', {
          min: application.min_alt,
          max: application.max_alt,
          start: fmt.dateTime(application.start_at),
          end: fmt.dateTime(application.end_at),
        })}
      </Typography>
      <Suspense fallback={<LinearProgress />}>
        <GeoMap
          label={t('airspace.planMap')}
          polygons={[cornersOf(application.area).map(([lng, lat]) => [lat, lng] as [number, number])]}
          polylines={waypoints.length ? [waypoints.map((w) => [w.lat, w.lng] as [number, number])] : []}
          height={240}
        />
      </Suspense>
      <RuleResults violations={planVerdict(values, application, route)} />
    </section>
  );
}
