import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { flyToPointPicked, selectFlights, selectFlyTo } from './flightSlice';

const PATH_COLOUR = '#6a1b9a';

/**
 * The take-offs and fly-tos under way (sysinfo/flight): each aircraft's planned path to its target, dashed, and the
 * target; gone once the flight ended. While a card asks for a fly-to point, a click on the map gives it.
 */
export default function FlightPathLayer() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const map = useMap();
  const flights = useAppSelector(selectFlights);
  const picking = useAppSelector(selectFlyTo)?.point === null;

  useEffect(() => {
    if (!picking) return;
    const container = map.getContainer();
    container.style.cursor = 'crosshair';
    const onClick = ({ latlng }: { latlng: { lat: number; lng: number } }) => dispatch(flyToPointPicked({ lat: latlng.lat, lng: latlng.lng }));
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      container.style.cursor = '';
    };
  }, [map, dispatch, picking]);

  return (
    <>
      {Object.entries(flights).map(([sn, progress]) => {
        const path = progress.planned_path.map(([lng, lat]): [number, number] => [lat, lng]);
        const target = path.at(-1);
        return (
          <Fragment key={sn}>
            {path.length > 1 && (
              <Polyline positions={path} className="skyline-flyto-path" pathOptions={{ color: PATH_COLOUR, weight: 3, dashArray: '8 6' }}>
                <Tooltip sticky>{`${sn} · ${t('situation.flyTo.path')}`}</Tooltip>
              </Polyline>
            )}
            {target && (
              <CircleMarker
                center={target}
                radius={6}
                className="skyline-flyto-target"
                pathOptions={{ color: PATH_COLOUR, fillColor: '#ffffff', fillOpacity: 1 }}
              >
                <Tooltip>{`${sn} · ${t('situation.flyTo.target')}`}</Tooltip>
              </CircleMarker>
            )}
          </Fragment>
        );
      })}
    </>
  );
}
