import { bbox } from '@turf/turf';
import Flatbush from 'flatbush';
import type { Zone } from './rules';

const METRES_PER_DEGREE = 111_320;

/**
 * The restricting GIS features (no-fly and restricted zones) in an R-tree of their bounding boxes, so a sample is
 * tested only against the few zones whose box (grown by `marginM`) contains it. Immutable: rebuilt when features change.
 */
export class ZoneIndex {
  private readonly index: Flatbush | null;

  constructor(
    private readonly zones: readonly Zone[],
    marginM: number,
  ) {
    if (zones.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(zones.length);
    for (const zone of zones) {
      const [minLng, minLat, maxLng, maxLat] = bbox(zone.polygon);
      const dLat = marginM / METRES_PER_DEGREE;
      const dLng = marginM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180)));
      this.index.add(minLng - dLng, minLat - dLat, maxLng + dLng, maxLat + dLat);
    }
    this.index.finish();
  }

  get size(): number {
    return this.zones.length;
  }

  /** The zones whose grown bounding box contains the point (candidates for the exact test). */
  near(lng: number, lat: number): Zone[] {
    if (!this.index) return [];
    return this.index.search(lng, lat, lng, lat).map((i) => this.zones[i]);
  }

  /** The zones whose grown bounding box meets the bounding box of the segment a→b ([lng, lat]). */
  alongSegment(a: [number, number], b: [number, number]): Zone[] {
    if (!this.index) return [];
    const found = this.index.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
    return found.map((i) => this.zones[i]);
  }
}
