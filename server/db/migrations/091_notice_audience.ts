import type { Kysely } from 'kysely';

/**
 * Notices for one project's users (issue 31: a confirmed high or critical defect notifies its project's users): a
 * notice with a `project_id` is shown only to that project's members and creator, one without to everyone as before;
 * `defect_id` names the defect it announces (the inbox links to it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('project_id', 'integer').execute();
  await db.schema.alterTable('notices').addColumn('defect_id', 'integer').execute();
  await db.schema.createIndex('notices_project').on('notices').column('project_id').execute();
}
