import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AIRSPACE_RESTRICTING_CATEGORIES, ANNOTATION_CATEGORY, PILOT_SHARED_CATEGORY } from '@shared/entities/feature';
import { circleOf } from '@shared/circle';
import { circleRadiusSchema, geoSchemas, type Geometry } from '@shared/geo';

/**
 * The project's GIS features as DJI Pilot 2 map elements (shared/spec/dji-cloud-api-next.md §3 "Map elements"): pure
 * conversions both ways, the layer (element group) each feature belongs to, and the ids Pilot 2 addresses them by.
 */

/** Pilot 2's colour palette: an element's colour is one of these (the SDK's pattern is `^#[0-9a-fA-F]{6}$`). */
export const PILOT_PALETTE = ['#2D8CF0', '#19BE6B', '#FFBB00', '#B620E0', '#E23C39', '#212121'] as const;

/** The three layers of a workspace: Pilot-drawn elements (app-shared), everything else, and the no-fly/restricted areas. */
export const GROUP_KINDS = ['shared', 'default', 'restricted'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/** DJI's group `type`: 0 custom, 1 default, 2 app-shared (Pilot sends what its users draw to the type-2 group). */
export const GROUP_TYPES: Record<GroupKind, 0 | 1 | 2> = { shared: 2, default: 1, restricted: 0 };
export const GROUP_NAMES: Record<GroupKind, string> = { shared: 'Pilot 共享图层', default: '默认图层', restricted: '禁飞/限飞区' };

/**
 * DJI's `Circle` element geometry (SDK v1.9 `ElementCircleGeometry`): the centre as a Point's `[lng, lat]` and the
 * radius in metres. The platform stores it as a Point with `properties.radius` (shared/circle.ts circleOf).
 */
const geo = geoSchemas();
const circleGeometrySchema = z.object({ type: z.literal('Circle'), coordinates: geo.position, radius: circleRadiusSchema });
/** An element's geometry: GeoJSON's Point, LineString or Polygon, or DJI's Circle. */
const elementGeometrySchema = z.discriminatedUnion('type', [...geo.geometry.options, circleGeometrySchema]);
type ElementGeometry = z.infer<typeof elementGeometrySchema>;

/** DJI's element resource `type`: 0 point, 1 line, 2 polygon; a circle is an area, 2 (the SDK's enum has no other). */
const RESOURCE_TYPES = { Point: 0, LineString: 1, Polygon: 2, Circle: 2 } as const satisfies Record<ElementGeometry['type'], number>;

/** A feature's geometry as an element's: a circle feature becomes DJI's Circle (centre [lng, lat] and radius). */
function elementGeometryOf(feature: Pick<StoredFeature, 'geometry' | 'properties'>): ElementGeometry {
  const circle = circleOf(feature);
  return circle ? { type: 'Circle', coordinates: circle.centre, radius: circle.radius } : feature.geometry;
}

const RESTRICTING: readonly string[] = AIRSPACE_RESTRICTING_CATEGORIES;

/** The layer a feature of this category shows in. */
export const groupOfCategory = (category: string): GroupKind =>
  category === PILOT_SHARED_CATEGORY ? 'shared' : RESTRICTING.includes(category) ? 'restricted' : 'default';

/** The category an element added to this layer is stored with. */
export const CATEGORY_OF_GROUP: Record<GroupKind, string> = { shared: PILOT_SHARED_CATEGORY, default: ANNOTATION_CATEGORY, restricted: 'no_fly_zone' };

/** A UUID-shaped id from a name (the bits of a version-5 UUID over sha1), stable across restarts and instances. */
function nameUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The id of a workspace's layer (DJI group ids are UUIDs). */
export const groupId = (projectId: number, kind: GroupKind): string => nameUuid(`skyline:workspace:${projectId}:group:${kind}`);

/** The layer of a workspace a group id names, or null. */
export const groupKindOf = (projectId: number, id: string): GroupKind | null => GROUP_KINDS.find((kind) => groupId(projectId, kind) === id) ?? null;

const FEATURE_ELEMENT_ID = /^00000000-0000-4000-8000-([0-9a-f]{12})$/;

/** A feature's element id: the UUID Pilot 2 gave it when a pilot drew it, else one made from the feature's id. */
export const elementIdOf = (feature: { id: number; element_id: string | null }): string =>
  feature.element_id ?? `00000000-0000-4000-8000-${feature.id.toString(16).padStart(12, '0')}`;

/** The feature id inside an element id made from one (elementIdOf), or null for any other id. */
export function featureIdOfElementId(elementId: string): number | null {
  const match = FEATURE_ELEMENT_ID.exec(elementId.toLowerCase());
  const id = match ? parseInt(match[1], 16) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** The palette colour closest to any colour (the console's colour picker offers every colour); the first one otherwise. */
export function paletteColour(colour: unknown): string {
  if (typeof colour !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(colour)) return PILOT_PALETTE[0];
  const [r, g, b] = rgb(colour);
  let best: string = PILOT_PALETTE[0];
  let bestDistance = Infinity;
  for (const candidate of PILOT_PALETTE) {
    const [cr, cg, cb] = rgb(candidate);
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** A feature as stored, with its JSON columns parsed. */
export interface StoredFeature {
  id: number;
  name: string;
  category: string;
  geometry: Geometry;
  style: Record<string, unknown>;
  properties: Record<string, unknown>;
  element_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A feature as a DJI map element; `userName` is who drew it. */
export function elementOf(feature: StoredFeature, userName: string) {
  const geometry = elementGeometryOf(feature);
  return {
    id: elementIdOf(feature),
    name: feature.name,
    create_time: Date.parse(feature.created_at),
    update_time: Date.parse(feature.updated_at),
    resource: {
      type: RESOURCE_TYPES[geometry.type],
      user_name: userName,
      content: {
        type: 'Feature' as const,
        properties: { color: paletteColour(feature.style.color), clampToGround: feature.properties.clampToGround !== false },
        geometry,
      },
    },
  };
}
export type PilotElement = ReturnType<typeof elementOf>;

/** An element's colour: `#RRGGBB` and one of Pilot 2's palette (any letter case). */
const paletteColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be #RRGGBB')
  .refine((colour) => (PILOT_PALETTE as readonly string[]).includes(colour.toUpperCase()), `must be one of Pilot 2's colours ${PILOT_PALETTE.join(', ')}`)
  .transform((colour) => colour.toUpperCase());

/** `resource.content` of an element: a GeoJSON Feature in WGS84 with its colour and ground clamping. */
export const elementContentSchema = z.object({
  type: z.literal('Feature'),
  properties: z.object({ color: paletteColourSchema, clampToGround: z.boolean().optional() }),
  geometry: elementGeometrySchema,
});
export type ElementContent = z.infer<typeof elementContentSchema>;

const elementName = z.string().trim().min(1, 'is required').max(128);

/** POST …/element-groups/{group_id}/elements: the element Pilot 2 drew, under the id it chose. */
export const elementCreateSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a UUID')
      .transform((id) => id.toLowerCase()),
    name: elementName,
    resource: z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]), user_name: z.string().max(128).optional(), content: elementContentSchema }),
  })
  .refine((element) => RESOURCE_TYPES[element.resource.content.geometry.type] === element.resource.type, {
    message: 'resource.type does not match the geometry (0 Point, 1 LineString, 2 Polygon or Circle)',
    path: ['resource', 'type'],
  });
export type ElementCreate = z.infer<typeof elementCreateSchema>;

/** PUT …/elements/{element_id}: a new name and/or content. */
export const elementUpdateSchema = z.object({ name: elementName.optional(), content: elementContentSchema.optional() });
export type ElementUpdate = z.infer<typeof elementUpdateSchema>;

/**
 * The feature columns an element's content sets: a Circle becomes a Point with its radius; any other geometry clears a
 * radius (`undefined` is not written), so a circle edited into a point stays a point.
 */
export function featureOfContent(content: ElementContent): { geometry: Geometry; style: { color: string }; properties: Record<string, unknown> } {
  const { geometry } = content;
  const clampToGround = content.properties.clampToGround ?? true;
  return {
    geometry: geometry.type === 'Circle' ? { type: 'Point', coordinates: geometry.coordinates } : geometry,
    style: { color: content.properties.color },
    properties: { clampToGround, radius: geometry.type === 'Circle' ? geometry.radius : undefined },
  };
}
