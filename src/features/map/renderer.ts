import L from 'leaflet';

let canvasSupport: boolean | null = null;

/** Whether the browser can draw on a canvas (jsdom, for one, cannot). */
export function hasCanvas(): boolean {
  if (canvasSupport === null) {
    if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) canvasSupport = false;
    else {
      try {
        canvasSupport = Boolean(document.createElement('canvas').getContext('2d'));
      } catch {
        canvasSupport = false;
      }
    }
  }
  return canvasSupport;
}

/** A canvas renderer for many vector shapes, SVG where there is no canvas. */
export const vectorRenderer = (options: L.RendererOptions = {}): L.Renderer => (hasCanvas() ? L.canvas(options) : L.svg(options));
