import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The tables whose rows carry a position (lat, lng): media files and the defects marked on them. */
type PositionedTable = 'media' | 'defects';

/** A row inside the bbox [minLng, minLat, maxLng, maxLat], edges included. */
export function withinBbox(table: PositionedTable, [minLng, minLat, maxLng, maxLat]: readonly [number, number, number, number]): RawBuilder<SqlBool> {
  const lat = sql.ref(`${table}.lat`);
  const lng = sql.ref(`${table}.lng`);
  return sql<SqlBool>`${lat} >= ${minLat} and ${lat} <= ${maxLat} and ${lng} >= ${minLng} and ${lng} <= ${maxLng}`;
}

/** A row with a position to draw: a fix at 0, 0 is that of a photo that had none. */
export function hasPosition(table: PositionedTable): RawBuilder<SqlBool> {
  const lat = sql.ref(`${table}.lat`);
  const lng = sql.ref(`${table}.lng`);
  return sql<SqlBool>`${lat} is not null and ${lng} is not null and not (${lat} = 0 and ${lng} = 0)`;
}
