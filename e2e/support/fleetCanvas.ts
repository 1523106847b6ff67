import type { Page } from 'playwright-core';

/** The fleet canvas of /Tas (one canvas draws every drone: arrows in their status colour, trails, the selected one). */
const CANVAS = '[aria-label="态势感知"] canvas.skyline-drones';

export interface PagePoint {
  x: number;
  y: number;
}

/**
 * What the fleet canvas has drawn within `radius` CSS px of a point of the page: its opaque pixels counted by colour
 * (`#rrggbb`). Trails are drawn translucent, so they do not count; an arrow's fill does.
 */
export function canvasColoursAround(page: Page, at: PagePoint, radius: number): Promise<Record<string, number>> {
  return page.evaluate(
    ({ selector, at, radius }) => {
      const canvas = document.querySelector(selector) as HTMLCanvasElement | null;
      if (!canvas) return {};
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const cx = (at.x - box.left) * ratio;
      const cy = (at.y - box.top) * ratio;
      const r = Math.ceil(radius * ratio);
      const left = Math.max(0, Math.round(cx - r));
      const top = Math.max(0, Math.round(cy - r));
      const width = Math.min(canvas.width, Math.round(cx + r) + 1) - left;
      const height = Math.min(canvas.height, Math.round(cy + r) + 1) - top;
      if (width <= 0 || height <= 0) return {};
      const { data } = canvas.getContext('2d')!.getImageData(left, top, width, height);
      const counts: Record<string, number> = {};
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          if ((left + x - cx) ** 2 + (top + y - cy) ** 2 > r * r) continue;
          const i = (y * width + x) * 4;
          if (data[i + 3] !== 255) continue;
          const colour = `#${[data[i], data[i + 1], data[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
          counts[colour] = (counts[colour] ?? 0) + 1;
        }
      return counts;
    },
    { selector: CANVAS, at, radius },
  );
}

/** The colour most of a count's pixels have (null: none). */
export const dominantColour = (counts: Record<string, number>): string | null =>
  Object.entries(counts).reduce<[string | null, number]>((best, [colour, n]) => (n > best[1] ? [colour, n] : best), [null, 0])[0];

/**
 * Where the map shows the selected drone: the centre of its DOM marker, which Leaflet places at the drone's projected
 * position (the canvas draws the same drone there).
 */
export async function selectedDroneAt(page: Page, sn: string): Promise<PagePoint> {
  const marker = page.locator(`.skyline-drone:has([data-sn="${sn}"])`);
  await marker.waitFor();
  const box = (await marker.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
