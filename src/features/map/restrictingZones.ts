import { useMemo } from 'react';
import { AIRSPACE_RESTRICTING_CATEGORIES } from '@shared/entities/feature';
import type { Polygon } from '@shared/geo';
import { useResourceOptions } from '../../crud/hooks';

export interface RestrictingZone {
  id: number;
  name: string;
  polygon: Polygon;
}

/** The no-fly and restricted zones among the map's features (AIRSPACE_RESTRICTING_CATEGORIES): what routes and areas keep clear of. */
export function useRestrictingZones(): RestrictingZone[] {
  const [noFlyCategory, restrictedCategory] = AIRSPACE_RESTRICTING_CATEGORIES;
  const { rows: noFly } = useResourceOptions('feature@noFly', undefined, { category: noFlyCategory });
  const { rows: restricted } = useResourceOptions('feature@restricted', undefined, { category: restrictedCategory });
  return useMemo(
    () => [...noFly, ...restricted].flatMap(({ id, name, geometry }) => (geometry.type === 'Polygon' ? [{ id, name, polygon: geometry }] : [])),
    [noFly, restricted],
  );
}
