import type { Locator, Page } from 'playwright-core';

/**
 * Draws a polygon with geoman's draw mode on `map` (a `.leaflet-container`), its corners given as offsets in pixels
 * from the map's centre: waits until draw mode is on (geoman's draw cursor class on the container: a click before
 * that is lost and the ring never closes), brings the map into view and focuses it (a click focuses the map, and the
 * browser would scroll a scrolled dialog between two corners), clicks each corner and waits for its vertex marker
 * (the cursor marker follows the pointer, so it is not counted), then closes the ring on the first corner.
 */
export async function drawPolygon(page: Page, map: Locator, offsets: Array<[number, number]>): Promise<void> {
  await map.and(page.locator('.geoman-draw-cursor')).waitFor();
  await map.scrollIntoViewIfNeeded();
  await map.focus();
  const box = (await map.boundingBox())!;
  const corners = offsets.map(([dx, dy]): [number, number] => [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy]);
  for (const [index, [x, y]] of corners.entries()) {
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
    await map.locator('.marker-icon:not(.cursor-marker)').nth(index).waitFor();
  }
  await page.mouse.move(corners[0][0], corners[0][1]);
  await page.mouse.click(corners[0][0], corners[0][1]);
}
