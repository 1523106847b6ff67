import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/** A notice's audience as the tallies key it: its project, or 0 for a notice to everyone (project ids start at 1). */
const AUDIENCE = (row: string) => `coalesce(${row}.project_id, 0)`;

const SQLITE_TRIGGERS = [
  `create trigger notice_tallies_ai after insert on notices begin
    insert into notice_tallies (audience, level, notices) values (${AUDIENCE('new')}, new.level, 1)
      on conflict (audience, level) do update set notices = notices + 1;
  end`,
  `create trigger notice_tallies_ad after delete on notices begin
    update notice_tallies set notices = notices - 1 where audience = ${AUDIENCE('old')} and level = old.level;
  end`,
  `create trigger notice_tallies_au after update of project_id, level on notices
    when ${AUDIENCE('old')} <> ${AUDIENCE('new')} or old.level <> new.level begin
    update notice_tallies set notices = notices - 1 where audience = ${AUDIENCE('old')} and level = old.level;
    insert into notice_tallies (audience, level, notices) values (${AUDIENCE('new')}, new.level, 1)
      on conflict (audience, level) do update set notices = notices + 1;
    update notice_read_tallies set reads = reads - 1
      where audience = ${AUDIENCE('old')} and level = old.level and user_id in (select user_id from notice_reads where notice_id = new.id);
    insert into notice_read_tallies (user_id, audience, level, reads) select user_id, ${AUDIENCE('new')}, new.level, 1 from notice_reads where notice_id = new.id
      on conflict (user_id, audience, level) do update set reads = reads + 1;
    update notice_reads set audience = ${AUDIENCE('new')}, level = new.level where notice_id = new.id;
  end`,
  `create trigger notice_read_tallies_ai after insert on notice_reads begin
    update notice_reads set (audience, level) = (select ${AUDIENCE('n')}, n.level from notices n where n.id = new.notice_id)
      where notice_id = new.notice_id and user_id = new.user_id;
    insert into notice_read_tallies (user_id, audience, level, reads) select new.user_id, ${AUDIENCE('n')}, n.level, 1 from notices n where n.id = new.notice_id
      on conflict (user_id, audience, level) do update set reads = reads + 1;
  end`,
  `create trigger notice_read_tallies_ad after delete on notice_reads begin
    update notice_read_tallies set reads = reads - 1 where user_id = old.user_id and audience = old.audience and level = old.level;
  end`,
];

const PG_FUNCTIONS = [
  `create function notice_tallies() returns trigger language plpgsql as $body$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update notice_tallies set notices = notices - 1 where audience = ${AUDIENCE('old')} and level = old.level;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into notice_tallies (audience, level, notices) values (${AUDIENCE('new')}, new.level, 1)
      on conflict (audience, level) do update set notices = notice_tallies.notices + 1;
  end if;
  if tg_op = 'UPDATE' then
    update notice_read_tallies t set reads = t.reads - 1 from notice_reads r
      where r.notice_id = new.id and t.user_id = r.user_id and t.audience = ${AUDIENCE('old')} and t.level = old.level;
    insert into notice_read_tallies (user_id, audience, level, reads) select r.user_id, ${AUDIENCE('new')}, new.level, 1 from notice_reads r where r.notice_id = new.id
      on conflict (user_id, audience, level) do update set reads = notice_read_tallies.reads + 1;
    update notice_reads set audience = ${AUDIENCE('new')}, level = new.level where notice_id = new.id;
  end if;
  return null;
end $body$`,
  `create function notice_read_audience() returns trigger language plpgsql as $body$
begin
  select ${AUDIENCE('n')}, n.level into new.audience, new.level from notices n where n.id = new.notice_id;
  return new;
end $body$`,
  `create function notice_read_tallies() returns trigger language plpgsql as $body$
begin
  if tg_op = 'INSERT' then
    insert into notice_read_tallies (user_id, audience, level, reads) values (new.user_id, new.audience, new.level, 1)
      on conflict (user_id, audience, level) do update set reads = notice_read_tallies.reads + 1;
  else
    update notice_read_tallies set reads = reads - 1 where user_id = old.user_id and audience = old.audience and level = old.level;
  end if;
  return null;
end $body$`,
  `create trigger notice_tallies_aid after insert or delete on notices for each row execute function notice_tallies()`,
  `create trigger notice_tallies_au after update of project_id, level on notices for each row
    when (${AUDIENCE('old')} <> ${AUDIENCE('new')} or old.level <> new.level) execute function notice_tallies()`,
  `create trigger notice_read_audience_bi before insert on notice_reads for each row execute function notice_read_audience()`,
  `create trigger notice_read_tallies_aid after insert or delete on notice_reads for each row execute function notice_read_tallies()`,
];

/**
 * Kept notice counts (the inbox at 100k notices, `npm run bench:notices`): counting a reader's inbox walked every
 * notice they see (95k index entries), and counting their unread ones probed a read mark for each. Now:
 *
 * - `notice_tallies`: how many notices each audience (a project, or 0 for everyone) has per level, scheduled ones
 *   included (they are few: the API subtracts those not yet due, through the publish time index);
 * - `notice_read_tallies`: how many of them each user has read, by the same key;
 * - `notice_reads.audience`/`level`: the key of the read notice beside its mark, so a mark removed with its notice
 *   (cascade) is subtracted from the key it was counted under.
 *
 * Triggers keep all three in step with every write in the writing transaction: a notice written, deleted or moved
 * to another project or level, a mark made or removed (with its notice or its user). A reader's totals are sums over
 * the audiences they see (server/entities/notice/service.ts, noticeTotal), so a change of project membership needs
 * no write here.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await sql`alter table notice_reads add column audience integer not null default 0`.execute(db);
  await sql`alter table notice_reads add column level varchar(16) not null default ''`.execute(db);
  await sql`update notice_reads set audience = (select ${sql.raw(AUDIENCE('n'))} from notices n where n.id = notice_reads.notice_id),
    level = (select n.level from notices n where n.id = notice_reads.notice_id)`.execute(db);
  await sql`create table notice_tallies (audience integer not null, level varchar(16) not null, notices integer not null, primary key (audience, level))`.execute(
    db,
  );
  await sql`create table notice_read_tallies (
    user_id integer not null references users (id) on delete cascade, audience integer not null, level varchar(16) not null,
    reads integer not null, primary key (user_id, audience, level))`.execute(db);
  await sql`insert into notice_tallies (audience, level, notices) select ${sql.raw(AUDIENCE('n'))}, n.level, count(*) from notices n group by 1, 2`.execute(db);
  await sql`insert into notice_read_tallies (user_id, audience, level, reads) select user_id, audience, level, count(*) from notice_reads group by 1, 2, 3`.execute(
    db,
  );
  for (const statement of ctx.dialect === 'sqlite' ? SQLITE_TRIGGERS : PG_FUNCTIONS) await sql.raw(statement).execute(db);
}
