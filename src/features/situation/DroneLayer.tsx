import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DroneCanvasLayer } from './droneCanvas';
import { slotColour } from './fleet';
import { useFleetStore } from './fleetStore';
import { selectSelectedDrone } from './selectors';
import { droneSelected } from './situationSlice';

const ICON_SIZE = 30;
const arrow = (colour: string) =>
  `<svg width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 26 26" aria-hidden="true"><path d="M13 2 L22 23 L13 18 L4 23 Z" fill="${colour}" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></svg>`;

/** The selected drone: a DOM marker (divIcon, CSS-rotated by heading) over the canvas fleet. */
function selectedIcon(sn: string, colour: string, heading: number) {
  return L.divIcon({
    className: 'skyline-drone',
    iconSize: [ICON_SIZE, ICON_SIZE],
    iconAnchor: [ICON_SIZE / 2, ICON_SIZE / 2],
    html: `<div data-sn="${sn}" class="skyline-drone-body selected" style="transform: rotate(${Math.round(heading)}deg); width:${ICON_SIZE}px; height:${ICON_SIZE}px; filter: drop-shadow(0 0 4px #ff6f00);">${arrow(colour)}</div>`,
  });
}

/**
 * The live fleet, drawn imperatively: each frame from the FleetStore (about once a second) goes to the fleet canvas
 * (arrows and trails); the selected drone also gets a DOM marker, followed when asked. React renders only when the
 * selection changes, never for telemetry.
 */
export default function DroneLayer() {
  const map = useMap();
  const store = useFleetStore();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const selectedSn = useAppSelector(selectSelectedDrone);
  const follow = useAppSelector((s) => s.situation.follow);
  const [layer, setLayer] = useState<DroneCanvasLayer | null>(null);

  useEffect(() => {
    const created = new DroneCanvasLayer((sn) => dispatch(droneSelected(sn))).addTo(map);
    setLayer(created);
    return () => void created.remove();
  }, [map, dispatch]);

  useEffect(() => {
    if (!layer) return;
    let marker: L.Marker | null = null;
    const update = () => {
      const frame = store.getFrame();
      const slot = selectedSn === null ? -1 : frame.sn.indexOf(selectedSn);
      layer.setFrame(frame, slot, t('situation.onMap', { count: frame.count }));
      if (slot < 0) {
        marker?.remove();
        marker = null;
        return;
      }
      const position: L.LatLngTuple = [frame.lat[slot], frame.lng[slot]];
      const heading = Math.round(frame.heading[slot]);
      const colour = slotColour(frame, slot);
      if (!marker) {
        marker = L.marker(position, {
          icon: selectedIcon(frame.sn[slot], colour, heading),
          keyboard: false,
          title: frame.sn[slot],
          zIndexOffset: 1000,
          interactive: false,
        });
        marker.addTo(map);
        map.panTo(position, { animate: !navigator.webdriver });
        return;
      }
      marker.setLatLng(position);
      const body = marker.getElement()?.firstElementChild as HTMLElement | null;
      if (body) {
        body.style.transform = `rotate(${heading}deg)`;
        body.querySelector('path')?.setAttribute('fill', colour);
      }
      if (follow) map.panTo(position, { animate: false });
    };
    update();
    const unsubscribe = store.subscribe(update);
    return () => {
      unsubscribe();
      marker?.remove();
    };
  }, [layer, map, store, selectedSn, follow, t]);

  return null;
}
