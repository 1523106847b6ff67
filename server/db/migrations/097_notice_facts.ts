import type { Kysely } from 'kysely';

type Db = Kysely<{
  notices: { id: number; title: string; content: string; defect_id: number | null; facts: string | null };
  defects: { id: number; severity: string; category_id: number | null; task_id: number | null; media_id: number; note: string | null };
}>;

/**
 * The platform's notices store their facts, not a text (issue 31: an urgent defect's notice is read in the reader's
 * language): `facts` is JSON ({defect_id, severity, category_id, task_id, media_id, by, note} for an urgent defect)
 * and the API writes title and content per request. The urgent notices written before keep their defect's facts
 * (who confirmed it is not known for them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('facts', 'text').execute();
  const typed = db as unknown as Db;
  const announced = await typed
    .selectFrom('notices')
    .innerJoin('defects', 'defects.id', 'notices.defect_id')
    .select(['notices.id', 'defects.id as defect_id', 'defects.severity', 'defects.category_id', 'defects.task_id', 'defects.media_id', 'defects.note'])
    .execute();
  for (const { id, ...defect } of announced) {
    const facts = JSON.stringify({ kind: 'urgent_defect', ...defect, by: null });
    await typed.updateTable('notices').set({ facts, title: '', content: '' }).where('id', '=', id).execute();
  }
}
