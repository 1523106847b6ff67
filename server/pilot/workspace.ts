import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { findScopedRow } from '../api/crud';
import type { Database } from '../db/schema';
import { rowNotFound } from '../http/envelope';

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
  // The projects' data scope (department subtree and members) decides, as for every /api route that names a project.
  const project = id <= 2_147_483_647 ? await findScopedRow(db, 'projects', id, request) : undefined;
  if (!project) throw rowNotFound('project', workspaceId);
  // The session works in this workspace now: its Pilot 2 connection hears of this workspace's changes.
  if (request.auth) request.server.pilot?.hub.workingIn(request.auth.sessionId, project.id);
  return { id: project.id, name: project.name, description: project.description };
}
