import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * Fills the owner columns of the data scope (migration 011) on rows that have none, from the rows they belong to:
 * tasks and routes take their project's department; an application is its applicant's, in the applicant's
 * department; a flight plan belongs to whoever owns its application. Used by the migration for existing data and
 * by the demo seed, which writes rows the way older versions did.
 */
export async function deriveOwnership(db: QueryExecutorProvider): Promise<void> {
  await sql`update tasks set dept_id = (select projects.dept_id from projects where projects.id = tasks.project_id) where dept_id is null`.execute(db);
  await sql`update routes set dept_id = (select projects.dept_id from projects where projects.id = routes.project_id) where dept_id is null`.execute(db);
  await sql`update airspace_applications set created_by = applicant_id where created_by is null`.execute(db);
  await sql`update airspace_applications set dept_id = (select users.dept_id from users where users.id = airspace_applications.created_by) where dept_id is null`.execute(
    db,
  );
  await sql`update flight_plans set
    created_by = coalesce(created_by, (select a.created_by from airspace_applications a where a.id = flight_plans.application_id)),
    dept_id = coalesce(dept_id, (select a.dept_id from airspace_applications a where a.id = flight_plans.application_id))
    where created_by is null or dept_id is null`.execute(db);
}
