import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { routeNameSchema } from '@shared/entities/route';
import { routeFileName } from '@shared/wayline/files';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { importRefusal, routeToApi, saveImportedRoute } from '../entities/route/routes';
import { assertRouteNameFree, routeKmz } from '../entities/route/service';
import { signLinkToken, verifyLinkToken } from '../entities/task/waylineLink';
import { attachment } from '../http/contentDisposition';
import { HttpError, notFound } from '../http/envelope';
import { projectOfKey } from '../media/keys';
import { WaylineError } from '../wayline/errors';
import { WaylineReaderPool } from '../wayline/readerPool';
import { pilotOk, requirePilot } from './envelope';
import { drawnBy } from './mapEvents';
import { normaliseListParams, waylinePage, waylineQuerySchema } from './waylineList';
import { visibleWorkspace, workspaceParams } from './workspace';

const BASE = '/wayline/api/v1/workspaces/:workspace_id';

/** How long the link GET …/url redirects to stays valid (Pilot 2 downloads at once). */
const LINK_TTL_SECONDS = 600;
/** The signed links of this library are good for nothing else (a task's wayline link has its own purpose). */
const LINK_PURPOSE = 'pilot-wayline';

interface LibraryLinkClaims {
  ws: number;
  route: number;
  exp: number;
}

const unknownWayline = (id: string | number) =>
  notFound(`No wayline ${id} in this workspace`, { code: 'pilot.unknown_wayline', params: { wayline_id: String(id) } });

const linkRefused = (why: string) => new HttpError(403, `This wayline link is not valid: ${why}`, undefined, { code: 'mission.wayline_link_invalid' });

/** Ids of waylines as query parameters (`id=1&id=2`, as DJI's demo sends them). */
const idsQuery = z.preprocess(normaliseListParams, z.object({ id: z.array(z.string().max(64)).min(1).max(100) }));

/** The workspace's routes the caller's data scope shows. */
const scopedRoutes = (db: Kysely<Database>, request: FastifyRequest, projectId: number) =>
  withDataScope(db.selectFrom('routes').selectAll().where('project_id', '=', projectId), 'routes', scopeOf(request));

/** The routes `ids` name in the workspace, all of them visible to the caller; else 404 naming the first that is not. */
async function routesNamed(db: Kysely<Database>, request: FastifyRequest, projectId: number, ids: readonly string[]) {
  const numbers = ids.map((id) => (/^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN));
  const valid = numbers.filter((n) => n <= 2_147_483_647);
  const rows = valid.length ? await scopedRoutes(db, request, projectId).where('id', 'in', valid).execute() : [];
  const missing = ids.find((_, i) => !rows.some((row) => row.id === numbers[i]));
  if (missing !== undefined) throw unknownWayline(missing);
  return rows;
}

/**
 * Pilot 2's wayline library (its `mission` component; DJI HTTPS "waypoint management"): the workspace's routes with
 * favourites, filters and pages, a signed KMZ download, the duplicate-name check, and a KMZ Pilot 2 uploaded to the
 * object store becoming a route. Everything is limited to the routes the caller's data scope shows.
 */
export default async function pilotWaylineRoutes(appBase: FastifyInstance, options: { secret: string }): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const platformName = appBase.config.dji.platformName;
  const reader = new WaylineReaderPool();
  appBase.addHook('onClose', async () => reader.close());

  app.get(
    `${BASE}/waylines`,
    { schema: { hide: true, params: workspaceParams, querystring: waylineQuerySchema }, preValidation: requirePilot(appBase, 'project:read') },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const rows = await scopedRoutes(db, request, workspace.id).execute();
      const favorites = await db.selectFrom('route_favorites').select('route_id').where('user_id', '=', request.auth!.userId).execute();
      const names = await drawnBy(db, rows, platformName);
      const routes = rows.map((row) => ({ ...routeToApi(row), user_name: names.get(row.created_by) ?? platformName }));
      return pilotOk(waylinePage(routes, new Set(favorites.map((f) => f.route_id)), request.query));
    },
  );

  app.get(
    `${BASE}/waylines/:wayline_id/url`,
    {
      schema: { hide: true, params: workspaceParams.extend({ wayline_id: z.string().max(64) }) },
      preValidation: requirePilot(appBase, 'project:read'),
    },
    async (request, reply) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const [route] = await routesNamed(db, request, workspace.id, [request.params.wayline_id]);
      const claims: LibraryLinkClaims = { ws: workspace.id, route: route.id, exp: Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS };
      const base = appBase.config.missions.publicUrl ?? `${request.protocol}://${request.host}`;
      const token = signLinkToken(options.secret, LINK_PURPOSE, claims);
      // As DJI's demo: a redirect to a signed URL the file is fetched from (Pilot 2 sends no token there).
      return reply.redirect(`${base}/wayline/api/v1/workspaces/${workspace.id}/waylines/${route.id}/kmz?token=${token}`, 302);
    },
  );

  app.get(
    `${BASE}/waylines/:wayline_id/kmz`,
    {
      schema: {
        hide: true,
        params: workspaceParams.extend({ wayline_id: z.string().max(64) }),
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
    },
    async (request, reply) => {
      const check = verifyLinkToken<LibraryLinkClaims>(options.secret, LINK_PURPOSE, request.query.token, Date.now());
      if (!check.ok) throw linkRefused(check.why);
      const { ws, route: routeId } = check.claims;
      if (String(ws) !== request.params.workspace_id || String(routeId) !== request.params.wayline_id) throw linkRefused('it names another wayline');
      const row = await db.selectFrom('routes').selectAll().where('id', '=', routeId).where('project_id', '=', ws).executeTakeFirst();
      if (!row) throw unknownWayline(routeId);
      const route = routeToApi(row);
      return reply
        .header('Content-Type', 'application/vnd.google-earth.kmz')
        .header('Content-Disposition', attachment(routeFileName(route.name, 'kmz')))
        .send(Buffer.from(await routeKmz(db, route)));
    },
  );

  app.get(
    `${BASE}/waylines/duplicate-names`,
    {
      schema: {
        hide: true,
        params: workspaceParams,
        querystring: z.preprocess(normaliseListParams, z.object({ name: z.array(z.string().max(128)).min(1).max(100) })),
      },
      preValidation: requirePilot(appBase, 'project:read'),
    },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      // Route names are unique per project (whoever's scope shows the route), so every route of the project counts.
      const taken = await db.selectFrom('routes').select('name').where('project_id', '=', workspace.id).where('name', 'in', request.query.name).execute();
      const names = new Set(taken.map((row) => row.name));
      return pilotOk([...new Set(request.query.name)].filter((name) => names.has(name)));
    },
  );

  app.post(
    `${BASE}/upload-callback`,
    {
      schema: {
        hide: true,
        params: workspaceParams,
        body: z.object({
          name: routeNameSchema,
          object_key: z.string().min(1).max(512),
          // What Pilot 2 says the file holds; the file itself is read for all of it.
          metadata: z
            .object({
              drone_model_key: z.string().max(32),
              payload_model_keys: z.array(z.string().max(32)).max(10),
              template_types: z.array(z.number().int()).max(10),
            })
            .partial()
            .optional(),
        }),
      },
      preValidation: requirePilot(appBase, 'project:write'),
    },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const { name, object_key: key } = request.body;
      const store = appBase.media?.store;
      if (!store) throw new HttpError(503, 'No object store is configured for uploaded waylines', undefined, { code: 'pilot.no_object_store' });
      // The upload credentials of /storage/…/sts reach only the workspace's prefix: a key outside it is not this workspace's upload.
      if (projectOfKey(key) !== workspace.id)
        throw new HttpError(403, `The file ${key} is outside the workspace's storage prefix`, undefined, { code: 'media.outside_workspace', params: { key } });
      await assertRouteNameFree(db, workspace.id, name);
      if (!(await store.head(key))) throw notFound(`The object store has no file ${key}`, { code: 'pilot.object_missing', params: { object_key: key } });
      const fileName = path.posix.basename(key);
      const read = await reader.read(fileName, await store.getBuffer(key)).catch((error: unknown) => {
        throw error instanceof WaylineError ? importRefusal(error) : error;
      });
      const saved = await saveImportedRoute(db, request, { project_id: workspace.id, name, fileName, read });
      // The route keeps the file itself (route_sources): the uploaded object is not needed any more.
      await store.delete(key);
      return pilotOk({ id: String(saved.id) });
    },
  );

  for (const method of ['POST', 'DELETE'] as const)
    app.route({
      method,
      url: `${BASE}/favorites`,
      schema: { hide: true, params: workspaceParams, querystring: idsQuery },
      preValidation: requirePilot(appBase, 'project:read'),
      handler: async (request) => {
        const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
        const rows = await routesNamed(db, request, workspace.id, request.query.id);
        const userId = request.auth!.userId;
        const ids = rows.map((row) => row.id);
        if (method === 'POST')
          await db
            .insertInto('route_favorites')
            .values(ids.map((route_id) => ({ user_id: userId, route_id, created_at: nowIso() })))
            .onConflict((oc) => oc.columns(['user_id', 'route_id']).doNothing())
            .execute();
        else await db.deleteFrom('route_favorites').where('user_id', '=', userId).where('route_id', 'in', ids).execute();
        return pilotOk(null);
      },
    });
}
