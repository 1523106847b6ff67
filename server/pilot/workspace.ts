import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { scopeOf } from '../api/dataScope';
import { parseJson } from '../db/json';
import type { Database } from '../db/schema';
import { rowNotFound } from '../http/envelope';
import { seesProject } from '../rbac/dataScope';

/** `{workspace_id}` of a Pilot path: a project id (anything else names no workspace of this platform). */
export const workspaceParams = z.object({ workspace_id: z.string().max(64) });

export interface Workspace {
  id: number;
  name: string;
  description: string | null;
}

/**
 * The project a Pilot call's workspace names, when the caller's data scope shows it; else 404, the same for a project
 * that does not exist and one of another department (a foreign workspace is not even confirmed to exist).
 */
export async function visibleWorkspace(db: Kysely<Database>, request: FastifyRequest, workspaceId: string): Promise<Workspace> {
  const id = /^[1-9]\d{0,9}$/.test(workspaceId) ? Number(workspaceId) : NaN;
  const project =
    id <= 2_147_483_647
      ? await db.selectFrom('projects').select(['id', 'name', 'description', 'dept_id', 'members']).where('id', '=', id).executeTakeFirst()
      : undefined;
  if (!project || !seesProject(scopeOf(request), { dept_id: project.dept_id, members: parseJson<number[]>(project.members, []) }))
    throw rowNotFound('project', workspaceId);
  // The session works in this workspace now: its Pilot 2 connection hears of this workspace's changes.
  if (request.auth) request.server.pilot?.hub.workingIn(request.auth.sessionId, project.id);
  return { id: project.id, name: project.name, description: project.description };
}
