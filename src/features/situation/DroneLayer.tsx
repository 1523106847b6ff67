import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import type { DroneTrack } from '../broker';
import { vectorRenderer } from '../map';
import { DroneCanvasLayer, type DroneGlyph } from './droneCanvas';
import { colourOf } from './fleet';
import { droneSelected } from './situationSlice';

/** Telemetry arrives many times a second; the map follows it at most this often. */
export const UPDATE_INTERVAL_MS = 250;
/** Trails grow by one sample a second per drone: they are redrawn at most this often (and on selection changes). */
export const TRAIL_INTERVAL_MS = 1000;

interface DroneGraphics {
  glyph: DroneGlyph;
  /** The trail as Leaflet positions, rebuilt only when the track changed. */
  trail: L.LatLngExpression[];
  track: DroneTrack;
}

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

/** What tests and the benchmark can read off the map container (never the store). */
export interface DroneLayerProbe {
  drones: () => Record<string, { lat: number; lng: number; heading: number; colour: string }>;
}

/**
 * The live fleet, drawn imperatively: the component subscribes to the store itself and, at most every
 * UPDATE_INTERVAL_MS, redraws the fleet canvas (heading-rotated arrows coloured by status), the trails (one canvas
 * multi-polyline per colour) and the selected drone's marker, touching only what changed (keyed by serial). React
 * never re-renders for telemetry.
 */
export default function DroneLayer({ flagged }: { flagged: ReadonlySet<string> }) {
  const map = useMap();
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const flaggedRef = useRef(flagged);
  const redraw = useRef<() => void>(() => undefined);

  useEffect(() => {
    flaggedRef.current = flagged;
    redraw.current();
  }, [flagged]);

  useEffect(() => {
    const renderer = vectorRenderer({ padding: 0.2 });
    const trails = L.layerGroup().addTo(map);
    const trailsByColour = new Map<string, L.Polyline>();
    const selectedTrail = L.polyline([], { renderer, color: '#ff6f00', weight: 3, opacity: 0.9, interactive: false }).addTo(trails);
    const fleet = new DroneCanvasLayer((sn) => dispatch(droneSelected(sn))).addTo(map);
    let selectedMarker: L.Marker | null = null;
    const graphics = new Map<string, DroneGraphics>();
    let lastTelemetry: RootState['broker']['telemetry'] | null = null;
    let lastSelected: string | null | undefined;
    let lastFlagged: ReadonlySet<string> | null = null;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRun = 0;
    let lastTrails = 0;
    let trailsDirty = false;

    const update = () => {
      frame = 0;
      lastRun = performance.now();
      const state = store.getState();
      const telemetry = state.broker.telemetry;
      const selected = state.situation.selectedSn;
      const flags = flaggedRef.current;
      if (telemetry === lastTelemetry && selected === lastSelected && flags === lastFlagged && !trailsDirty) return;
      let trailsChanged = selected !== lastSelected;
      let glyphsChanged = trailsChanged || flags !== lastFlagged;
      for (const sn in telemetry) {
        const track = telemetry[sn];
        const g = graphics.get(sn);
        const { lat, lng, heading, status } = track.latest;
        const colour = colourOf(status, flags.has(sn));
        if (!g) {
          graphics.set(sn, {
            glyph: { sn, lat, lng, heading, colour, selected: sn === selected },
            trail: track.trail.map(([x, y]) => [y, x] as [number, number]),
            track,
          });
          trailsChanged = glyphsChanged = true;
          continue;
        }
        if (g.track !== track) {
          g.glyph = { sn, lat, lng, heading, colour, selected: sn === selected };
          g.trail = track.trail.map(([x, y]) => [y, x] as [number, number]);
          g.track = track;
          trailsChanged = glyphsChanged = true;
        } else if (g.glyph.colour !== colour || g.glyph.selected !== (sn === selected)) {
          g.glyph = { ...g.glyph, colour, selected: sn === selected };
          trailsChanged = glyphsChanged = true;
        }
      }
      for (const sn of graphics.keys()) {
        if (telemetry[sn]) continue;
        graphics.delete(sn);
        trailsChanged = glyphsChanged = true;
      }
      if (glyphsChanged) fleet.setDrones([...graphics.values()].map((g) => g.glyph));
      trailsDirty ||= trailsChanged;
      const trailsDue = selected !== lastSelected || lastRun - lastTrails >= TRAIL_INTERVAL_MS;
      if (trailsDirty && trailsDue) {
        trailsDirty = false;
        lastTrails = lastRun;
        const groups = new Map<string, L.LatLngExpression[][]>();
        for (const [sn, g] of graphics) {
          if (g.trail.length < 2 || sn === selected) continue;
          (groups.get(g.glyph.colour) ?? groups.set(g.glyph.colour, []).get(g.glyph.colour)!).push(g.trail);
        }
        for (const [colour, line] of trailsByColour) if (!groups.has(colour)) line.setLatLngs([]);
        for (const [colour, lines] of groups) {
          let line = trailsByColour.get(colour);
          if (!line) {
            line = L.polyline([], { renderer, color: colour, weight: 2, opacity: 0.6, interactive: false, smoothFactor: 2 }).addTo(trails);
            trailsByColour.set(colour, line);
          }
          line.setLatLngs(lines);
        }
        selectedTrail.setLatLngs(selected && graphics.get(selected) ? graphics.get(selected)!.trail : []);
      }
      // The selected drone as a DOM marker, rotated with CSS.
      const focus = selected ? graphics.get(selected) : undefined;
      if (!focus) {
        selectedMarker?.remove();
        selectedMarker = null;
      } else {
        const { sn, lat, lng, heading, colour } = focus.glyph;
        if (!selectedMarker || selected !== lastSelected) {
          selectedMarker?.remove();
          selectedMarker = L.marker([lat, lng], {
            icon: selectedIcon(sn, colour, heading),
            keyboard: false,
            title: sn,
            zIndexOffset: 1000,
            interactive: false,
          }).addTo(map);
        } else {
          selectedMarker.setLatLng([lat, lng]);
          const body = selectedMarker.getElement()?.firstElementChild as HTMLElement | null;
          if (body) {
            body.style.transform = `rotate(${Math.round(heading)}deg)`;
            body.querySelector('path')?.setAttribute('fill', colour);
          }
        }
        if (selected !== lastSelected) map.panTo([lat, lng], { animate: !navigator.webdriver });
        else if (state.situation.follow && telemetry !== lastTelemetry) map.panTo([lat, lng], { animate: false });
      }
      lastTelemetry = telemetry;
      lastSelected = selected;
      lastFlagged = flags;
      if (trailsDirty) schedule();
    };
    const schedule = () => {
      if (frame || timer) return;
      const wait = Math.max(0, UPDATE_INTERVAL_MS - (performance.now() - lastRun));
      timer = setTimeout(() => {
        timer = null;
        frame = requestAnimationFrame(update);
      }, wait);
    };
    redraw.current = schedule;
    update();
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      if (s.broker.telemetry !== lastTelemetry || s.situation.selectedSn !== lastSelected) schedule();
    });
    const probe: DroneLayerProbe = {
      drones: () =>
        Object.fromEntries([...graphics].map(([sn, g]) => [sn, { lat: g.glyph.lat, lng: g.glyph.lng, heading: g.glyph.heading, colour: g.glyph.colour }])),
    };
    (map.getContainer() as HTMLElement & { droneLayer?: DroneLayerProbe }).droneLayer = probe;
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      redraw.current = () => undefined;
      selectedMarker?.remove();
      fleet.remove();
      trails.remove();
    };
  }, [map, store, dispatch]);

  return null;
}
