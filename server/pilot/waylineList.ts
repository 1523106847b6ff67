import { z } from 'zod';
import type { RouteSettings, Waypoint } from '@shared/wayline/model';

/**
 * Pilot 2's wayline library (DJI HTTPS "obtain wayline file list", shared/spec/dji-cloud-api-next.md §3): which of a
 * workspace's routes a query selects, in which order and page, and how each is shown. Pure; waylines.ts reads the rows.
 */

/** DJI's WaylineTypeEnum: a template type's number (types DJI's enum does not name have none). */
export const DJI_TEMPLATE_TYPES = ['waypoint', 'mapping2d', 'mapping3d', 'mappingStrip'] as const;

/** action_type 1: AI spot-check waylines (the platform makes none). */
const SPOT_CHECK = 1;

/** Parameters Pilot 2 may repeat (`name=a&name=b`), spell with brackets (`name[]=a`) or join with commas (`name=a,b`). */
const LIST_PARAMS = ['template_type', 'drone_model_keys', 'payload_model_key', 'name', 'id'] as const;

/** The query as Fastify parses it → one array per list parameter, whichever way it was spelled. */
export function normaliseListParams(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const out: Record<string, unknown> = { ...query };
  for (const name of LIST_PARAMS) {
    const given = [out[name], out[`${name}[]`]]
      .flat()
      .filter((v): v is string => typeof v === 'string')
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    delete out[`${name}[]`];
    if (given.length) out[name] = given;
    else delete out[name];
  }
  return out;
}

const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const modelKey = z.string().regex(/^\d{1,3}-\d{1,6}-\d{1,6}$/, 'must be a DJI model key "domain-type-subtype"');

export const ORDER_COLUMNS = ['name', 'update_time', 'create_time'] as const;

/** GET …/waylines: DJI's GetWaylineListRequest (order_by `column asc|desc`, pages of 1–100, default 10). */
export const waylineQuerySchema = z.preprocess(
  normaliseListParams,
  z.object({
    favorited: queryBoolean.optional(),
    order_by: z
      .string()
      .regex(new RegExp(`^(${ORDER_COLUMNS.join('|')})( (asc|desc))?$`, 'i'), `must be one of ${ORDER_COLUMNS.join(', ')}, then asc or desc`)
      .default('update_time desc'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
    template_type: z
      .array(
        z.coerce
          .number()
          .int()
          .min(0)
          .max(DJI_TEMPLATE_TYPES.length - 1),
      )
      .max(10)
      .optional(),
    action_type: z.coerce.number().int().min(0).max(99).optional(),
    drone_model_keys: z.array(modelKey).max(50).optional(),
    payload_model_key: z.array(modelKey).max(50).optional(),
    key: z.string().max(128).optional(),
  }),
);
export type WaylineQuery = z.infer<typeof waylineQuerySchema>;

/** A route as the library needs it. */
export interface LibraryRoute {
  id: number;
  name: string;
  template_type: string;
  settings: Pick<RouteSettings, 'drone_model' | 'payload_model'>;
  waypoints: readonly Pick<Waypoint, 'lat' | 'lng'>[];
  created_at: string;
  updated_at: string;
  /** Who made it (display name). */
  user_name: string;
}

/** A route as a wayline of DJI's list (`start_lontitude` is DJI's spelling). */
export function waylineOf(route: LibraryRoute, favorited: boolean) {
  const type = (DJI_TEMPLATE_TYPES as readonly string[]).indexOf(route.template_type);
  const start = route.waypoints[0];
  return {
    id: String(route.id),
    name: route.name,
    drone_model_key: route.settings.drone_model,
    payload_model_keys: route.settings.payload_model ? [route.settings.payload_model] : [],
    template_types: type < 0 ? [] : [type],
    favorited,
    create_time: Date.parse(route.created_at),
    update_time: Date.parse(route.updated_at),
    user_name: route.user_name,
    ...(start ? { start_wayline_point: { start_latitude: start.lat, start_lontitude: start.lng } } : {}),
  };
}
export type LibraryWayline = ReturnType<typeof waylineOf>;

const matches = (wayline: LibraryWayline, query: WaylineQuery): boolean =>
  (query.favorited === undefined || wayline.favorited === query.favorited) &&
  (query.action_type === undefined || query.action_type !== SPOT_CHECK) &&
  (!query.template_type?.length || wayline.template_types.some((type) => query.template_type!.includes(type))) &&
  (!query.drone_model_keys?.length || query.drone_model_keys.includes(wayline.drone_model_key)) &&
  (!query.payload_model_key?.length || wayline.payload_model_keys.some((key) => query.payload_model_key!.includes(key))) &&
  (!query.key || wayline.name.toLowerCase().includes(query.key.toLowerCase()));

/** The page of the workspace's waylines a query selects, ordered as asked (ties by id), with DJI's pagination. */
export function waylinePage(routes: readonly LibraryRoute[], favorites: ReadonlySet<number>, query: WaylineQuery) {
  const [column, direction = 'asc'] = query.order_by.toLowerCase().split(' ') as [(typeof ORDER_COLUMNS)[number], string?];
  const sign = direction === 'desc' ? -1 : 1;
  const compare = (a: LibraryWayline, b: LibraryWayline) =>
    sign * (column === 'name' ? a.name.localeCompare(b.name) : a[column] - b[column]) || Number(a.id) - Number(b.id);
  const selected = routes
    .map((route) => waylineOf(route, favorites.has(route.id)))
    .filter((wayline) => matches(wayline, query))
    .sort(compare);
  const from = (query.page - 1) * query.page_size;
  return {
    list: selected.slice(from, from + query.page_size),
    pagination: { page: query.page, page_size: query.page_size, total: selected.length },
  };
}
