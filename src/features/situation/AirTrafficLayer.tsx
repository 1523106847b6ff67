import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { AIRSENSE_ALERT_LEVEL } from '@shared/dji/airsenseTraffic';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentTraffic } from './selectors';

/** Reports expire while nothing new arrives: the layer looks again this often. */
const CLOCK_MS = 1000;

/** Marker colours by DJI warning level (0 no danger … 4 level four; from 3 evasive action). */
const LEVEL_COLORS = ['#78909c', '#fbc02d', '#fb8c00', '#e53935', '#b71c1c'];

/** The manned aircraft (ADS-B, airsense_warning) the drones hear, around them on /Tas while they are reported. */
export default function AirTrafficLayer() {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  const reports = useAppSelector((state) => selectCurrentTraffic(state, now));
  return (
    <>
      {reports.flatMap((report) =>
        report.traffic.map((item) => (
          <CircleMarker
            key={`${report.sn}-${item.icao}`}
            center={[item.latitude, item.longitude]}
            radius={item.warning_level >= AIRSENSE_ALERT_LEVEL ? 9 : 6}
            pathOptions={{ color: LEVEL_COLORS[item.warning_level] ?? LEVEL_COLORS[0], weight: 2, fillOpacity: 0.5 }}
          >
            <Tooltip>
              {t('situation.airTraffic', {
                icao: item.icao,
                level: t(`situation.airsenseLevels.${item.warning_level}`),
                distance: Math.round(item.distance),
                altitude: Math.round(item.altitude),
                sn: report.sn,
              })}
            </Tooltip>
          </CircleMarker>
        )),
      )}
    </>
  );
}
