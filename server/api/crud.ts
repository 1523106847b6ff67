import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Generated, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import type { ErrorEntity } from '@shared/errorCodes';
import {
  badRequest,
  conflict,
  envelopeSchema,
  HttpError,
  invalidInput,
  ok,
  refusedConflict,
  rowNotFound,
  zodFieldErrors,
  type ErrorReason,
  type FieldError,
  type Refusal,
} from '../http/envelope';
import type { PermissionCode } from '@shared/permissions';
import { assertCleanInput } from '../http/inputGuards';
import { MAX_UPLOAD_BYTES } from '@shared/uploads';
import { uploadTooLarge } from './uploads';
import { GRANT_TABLES } from '../rbac/grantCache';
import { requirePermission } from '../rbac/permissions';
import { writeAudit } from '../domain/audit';
import { assertStaysInScope, newRowOwnership, scopeOf, withDataScope } from '../rbac/scopeQuery';
import { withDisplayNames, type NameRefs } from './displayNames';
import {
  listQuerySchema,
  listRows,
  toListQuery,
  type ColumnOf,
  type ListQuery,
  type ListSpec,
  type ScopeUse,
  type SearchedTexts,
  type TableName,
} from './list';

type Row<TB extends TableName> = Selectable<Database[TB]>;
// The engine serves any entity table; Kysely's types cannot follow a table chosen at run time.
type AnyObject = z.ZodObject<z.ZodRawShape>;
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface WriteContext {
  db: Kysely<Database>;
  request: FastifyRequest;
  now: string;
}

/** An uploaded file already checked and stored; `url` is what goes into the row. */
export interface StoredFile {
  url: string;
}

/** Where an entity's uploads live: `store` checks and writes one, `remove` deletes one by its URL. */
export interface FileStore {
  store: (part: { filename: string; data: Buffer }) => Promise<StoredFile>;
  remove: (url: string) => Promise<void>;
}

/** Everything the CRUD factory needs to serve one simple entity at `path` (e.g. "/Dept/"). */
export interface EntityDef<TB extends TableName, In extends AnyObject> {
  /** Entity name in the audit log and in error params, e.g. "device". */
  entity: ErrorEntity;
  path: string;
  tag: string;
  table: TB;
  /** null: any signed-in user. */
  read: PermissionCode | null;
  write: PermissionCode;
  /** Operations to expose; all by default. */
  operations?: Operation[];
  list: ListSpec<TB>;
  /** Create body; updates (PUT and PATCH) accept any subset of it. */
  input: In;
  /** Columns that must be unique (checked first for a field error; the database constraint is the backstop). */
  unique?: ColumnOf<TB>[];
  /** Input fields holding ids of other tables, checked before writing (400 with the field when missing). */
  refs?: Partial<Record<keyof z.infer<In> & string, TableName>>;
  /** Cross-field rules over the merged value (existing row overlaid with the input); may read the database. */
  check?: (value: Partial<z.infer<In>>, existing: Row<TB> | undefined, db: Kysely<Database>) => FieldError[] | Promise<FieldError[]>;
  /** Input → columns to write (timestamps are added here). `existing` is set on update. */
  toRow: (input: Partial<z.infer<In>>, ctx: WriteContext, existing?: Row<TB>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** A reason to refuse an update (409), e.g. the row's workflow state no longer allows editing. */
  guardUpdate?: (row: Row<TB>, request: FastifyRequest) => Refusal | null;
  /** A reason to refuse a delete (409). */
  guardDelete?: (row: Row<TB>, request: FastifyRequest) => Refusal | null;
  /** Row → API object (JSON columns parsed, secrets dropped). */
  toApi: (row: Row<TB>) => Record<string, unknown>;
  /** Display names of referenced rows every API object carries (e.g. `dept_name` beside `dept_id`). */
  names?: NameRefs;
  /** Optional batch enrichment of API objects (e.g. a user's roles). */
  decorate?: (db: Kysely<Database>, items: Record<string, unknown>[], request: FastifyRequest) => Promise<Record<string, unknown>[]>;
  /**
   * Refuses a write, or with `input` absent a delete, that this caller may not make (throws an HttpError); runs after
   * validation, before anything is written. `existing` is absent on create.
   */
  authorize?: (db: Kysely<Database>, request: FastifyRequest, existing: Row<TB> | undefined, input: Partial<z.infer<In>> | undefined) => void | Promise<void>;
  /** Runs in the write transaction after insert/update (e.g. join tables); `existing` is the row before an update. */
  afterWrite?: (ctx: WriteContext, id: number, input: Partial<z.infer<In>>, existing?: Row<TB>) => Promise<void>;
  /** Runs in the delete transaction after the row is gone (e.g. rows that show its name and keep a copy of it). */
  afterDelete?: (ctx: WriteContext, row: Row<TB>) => Promise<void>;
  /**
   * Runs once a create, update or delete has committed (e.g. announcing the change on the broker, an account on an
   * external broker). The write stays committed whatever it does; a rejection becomes the request's answer.
   */
  afterCommit?: (operation: 'create' | 'update' | 'delete', row: Row<TB>, request: FastifyRequest) => void | Promise<void>;
  /**
   * Multipart bodies: one optional file field, stored by `store`, its URL written to `column`; a file no row refers
   * to any more (row deleted, file replaced, write failed) is removed.
   */
  file?: { field: string; column: ColumnOf<TB> } & FileStore;
  /** What the list's search reads for this request in place of searched columns (e.g. texts written per reader). */
  searched?: (db: Kysely<Database>, request: FastifyRequest) => SearchedTexts<TB>;
  /**
   * The list's total without counting its rows (e.g. from counts the database keeps), for a query without a search;
   * undefined: the rows are counted. It must count exactly what `scope` and the filters leave.
   */
  total?: (db: Kysely<Database>, request: FastifyRequest, query: ListQuery) => Promise<number> | undefined;
  /** Extra list query parameters, handed to `scope` parsed. */
  listParams?: z.ZodRawShape;
  /**
   * Per-request row scoping for list and get (e.g. notices published so far); `params` is the parsed list query, absent
   * for get. The caller's data scope (server/rbac/scopeQuery.ts) applies on top of it to every list, read, write and delete.
   * `use.indexed` false: a list pages along its ordering's index, so a condition an index would serve is written so
   * none does (as withDataScope does).
   */
  scope?: (
    qb: SelectQueryBuilder<Database, TB, object>,
    request: FastifyRequest,
    params?: Record<string, unknown>,
    use?: ScopeUse,
  ) => SelectQueryBuilder<Database, TB, object>;
}

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const anyData = z.record(z.string(), z.unknown());
const listData = z.object({ items: z.array(anyData), total: z.number() });

/** 400 listing the field errors; the first one's stable code, if it has one, is the reason of the whole. */
export function invalidBody(errors: FieldError[]): HttpError {
  const first = errors[0];
  // A field error's code and params come from the same catalogue entry, so together they are a valid reason.
  const reason = first?.code ? ({ code: first.code, params: first.params } as ErrorReason) : undefined;
  return new HttpError(400, `Invalid body: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors, reason);
}

export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, what = 'body'): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(what, zodFieldErrors(result.error.issues));
  return result.data;
}

/** Kysely types queries over a table named in the code; the factory names it at run time, so it sees every table as rows with an id. */
type RowsWithId = Record<string, { id: Generated<number>; [column: string]: unknown }>;
const byTableName = (db: Kysely<Database>) => db as unknown as Kysely<RowsWithId>;

export async function findRow<TB extends TableName>(db: Kysely<Database>, table: TB, id: number): Promise<Row<TB> | undefined> {
  return (await byTableName(db)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Row<TB> | undefined;
}

/** The row if it exists and the caller's data scope shows it (a row out of scope is answered as missing: 404, not 403). */
export async function findScopedRow<TB extends TableName>(db: Kysely<Database>, table: TB, id: number, request: FastifyRequest): Promise<Row<TB> | undefined> {
  const qb = withDataScope(byTableName(db).selectFrom(table as string), table, scopeOf(request));
  return (await qb.selectAll().where('id', '=', id).executeTakeFirst()) as Row<TB> | undefined;
}

/** Referenced rows must exist and, for the data-scoped tables, be in the caller's scope (nobody files a task on a device it cannot see). */
export async function checkRefs(
  db: Kysely<Database>,
  refs: Record<string, TableName | undefined>,
  input: Record<string, unknown>,
  request: FastifyRequest,
): Promise<void> {
  const errors: FieldError[] = [];
  for (const [field, table] of Object.entries(refs)) {
    const value = input[field];
    if (!table || value === undefined || value === null) continue;
    const ids = Array.isArray(value) ? value : [value];
    for (const id of ids)
      if (typeof id === 'number' && !(await findScopedRow(db, table, id, request)))
        errors.push({ field, message: `no ${table} row with id ${id}`, code: 'field.unknown_ref', params: { id } });
  }
  if (errors.length) throw invalidInput('body', errors);
}

function emptyFile(field: string) {
  const reason = { code: 'upload.empty_file', params: { field } } as const;
  return badRequest(`${field} is an empty file`, [{ field, message: 'empty file', ...reason }], reason);
}

/** Reads a multipart body: text fields into an object, at most one file of at most `maxBytes` (type checked by `store`). */
export async function readMultipart(request: FastifyRequest, fileField: string | undefined, maxBytes = MAX_UPLOAD_BYTES) {
  const fields: Record<string, unknown> = {};
  let file: { filename: string; data: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField || file) {
        await part.toBuffer().catch(() => undefined);
        const reason = { code: 'upload.unexpected_file', params: { field: part.fieldname } } as const;
        throw badRequest(`Unexpected file field "${part.fieldname}"`, [{ field: part.fieldname, message: 'unexpected file', ...reason }], reason);
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge(part.fieldname, maxBytes);
        throw error;
      }
      // A form whose file field was left empty sends a part with no name and no bytes: no file. A named empty file is
      // refused, never stored as an empty photo.
      if (data.length > 0) file = { filename: part.filename, data };
      else if (part.filename) throw emptyFile(part.fieldname);
    } else {
      // A repeated field (e.g. role_ids) becomes an array.
      const value = part.value;
      if (part.fieldname in fields) fields[part.fieldname] = ([] as unknown[]).concat(fields[part.fieldname], value);
      else fields[part.fieldname] = value;
    }
  }
  return { fields, file };
}

export function mapWriteError(error: unknown, entity: ErrorEntity): never {
  if (isUniqueViolation(error))
    throw conflict(`A ${entity} with the same unique value already exists`, undefined, { code: 'common.duplicate', params: { entity } });
  if (isForeignKeyViolation(error))
    throw conflict(`This ${entity} is still referenced by other records; delete or reassign them first`, undefined, {
      code: 'common.still_referenced',
      params: { entity },
    });
  throw error;
}

/** Registers list/get/create/update/delete for one entity, all permission-checked, validated and audited. */
export function registerCrud<TB extends TableName, In extends AnyObject>(appBase: FastifyInstance, def: EntityDef<TB, In>): void {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ops = new Set<Operation>(def.operations ?? ['list', 'get', 'create', 'update', 'delete']);
  const itemPath = `${def.path}:id/`;
  // A field the endpoint does not document is refused (400), never silently dropped or written (issue 27).
  const createSchema = def.input.strict();
  const updateSchema = def.input.partial().strict();
  const canRead = requirePermission(appBase, def.read);
  const canWrite = requirePermission(appBase, def.write);
  const querySchema = listQuerySchema(def.list, def.listParams);
  const present = async (request: FastifyRequest, rows: Row<TB>[]) => {
    const items = await withDisplayNames(
      appBase.db,
      rows.map((r) => def.toApi(r)),
      def.names ?? {},
    );
    return def.decorate ? def.decorate(appBase.db, items, request) : items;
  };

  const checkUnique = async (db: Kysely<Database>, input: Record<string, unknown>, id?: number) => {
    const errors: FieldError[] = [];
    for (const column of def.unique ?? []) {
      const value = input[column];
      if (value === undefined || value === null) continue;
      let qb = byTableName(db)
        .selectFrom(def.table as string)
        .select('id')
        .where(column as string, '=', value as string | number);
      if (id !== undefined) qb = qb.where('id', '<>', id);
      if (await qb.executeTakeFirst())
        errors.push({ field: column, message: `${String(value)} is already taken`, code: 'field.taken', params: { value: String(value) } });
    }
    if (errors.length)
      throw conflict(`${def.entity}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors, {
        code: 'common.unique_taken',
        params: { entity: def.entity, field: errors[0].field },
      });
  };

  /** The entity's own scoping, then the caller's data scope. */
  const scoped = (qb: SelectQueryBuilder<Database, TB, object>, request: FastifyRequest, params?: Record<string, unknown>, use?: ScopeUse) =>
    withDataScope(def.scope ? def.scope(qb, request, params, use) : qb, def.table, scopeOf(request), use);

  /** The row if it exists and the caller's scopes show it. */
  const findVisible = async (request: FastifyRequest, id: number): Promise<Row<TB> | undefined> => {
    const qb = scoped(
      appBase.db.selectFrom(def.table as TableName) as unknown as SelectQueryBuilder<Database, TB, object>,
      request,
    ) as unknown as SelectQueryBuilder<RowsWithId, string, object>;
    return (await qb.selectAll().where('id', '=', id).executeTakeFirst()) as Row<TB> | undefined;
  };

  /** Removes an upload no row refers to any more; only ever after the database change, and never fails the request. */
  const discardFile = async (request: FastifyRequest, url: unknown) => {
    if (!def.file || typeof url !== 'string' || !url) return;
    try {
      await def.file.remove(url);
    } catch (error) {
      request.log.warn({ err: error, file: url }, 'could not remove an unused upload');
    }
  };
  const fileOf = (row: Row<TB>) => (def.file ? (row as Record<string, unknown>)[def.file.column] : undefined);

  /** The write's fields: a JSON body the route's schema has already validated (and parsed), else parsed here. */
  const readInput = async (request: FastifyRequest, schema: z.ZodType) => {
    if (!def.file) return { input: request.body as Record<string, unknown>, file: undefined };
    if (request.isMultipart()) {
      const { fields, file } = await readMultipart(request, def.file.field);
      assertCleanInput(fields, 'body');
      const input = parseOr400(schema, fields) as Record<string, unknown>;
      return { input, file };
    }
    // A JSON body to an entity with a file: the route declares no body schema (it also takes multipart).
    return { input: parseOr400(schema, request.body ?? {}) as Record<string, unknown>, file: undefined };
  };

  const write = async (request: FastifyRequest, schema: z.ZodType, existing?: Row<TB>) => {
    const { input, file } = await readInput(request, schema);
    const merged = { ...(existing ? def.toApi(existing) : {}), ...input } as Partial<z.infer<In>>;
    const errors = (await def.check?.(merged, existing, appBase.db)) ?? [];
    if (errors.length) throw invalidBody(errors);
    await checkRefs(appBase.db, (def.refs ?? {}) as Record<string, TableName>, input, request);
    await def.authorize?.(appBase.db, request, existing, input as Partial<z.infer<In>>);
    const existingId = existing ? (existing as unknown as { id: number }).id : undefined;
    await checkUnique(appBase.db, input, existingId);
    // The file is stored only once the fields are known to be valid, so a rejected request writes nothing.
    const stored = file && def.file ? await def.file.store(file) : undefined;
    let saved: Row<TB>;
    try {
      saved = await appBase.db.transaction().execute(async (trx) => {
        const ctx: WriteContext = { db: trx, request, now: nowIso() };
        const row = await def.toRow(input as Partial<z.infer<In>>, ctx, existing);
        if (stored && def.file) row[def.file.column] = stored.url;
        if (!existing) Object.assign(row, newRowOwnership(def.table, scopeOf(request), row));
        const owner = { ...(existing as Record<string, unknown> | undefined), ...row } as { dept_id?: number | null; created_by?: number | null };
        // A new row, or one that changes hands, must land in the caller's scope (an edit of a row the caller sees as a
        // member or as itself leaves its owner as it is).
        const moves = !existing || (['dept_id', 'created_by'] as const).some((k) => k in row && row[k] !== (existing as Record<string, unknown>)[k]);
        if (moves) assertStaysInScope(def.table, scopeOf(request), { dept_id: owner.dept_id, created_by: owner.created_by });
        const qb = byTableName(trx);
        let id: number;
        if (existing) {
          id = existingId!;
          await qb
            .updateTable(def.table as string)
            .set({ ...row, updated_at: ctx.now })
            .where('id', '=', id)
            .execute();
        } else {
          const inserted = await qb
            .insertInto(def.table as string)
            .values({ ...row, created_at: ctx.now, updated_at: ctx.now })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = Number(inserted.id);
        }
        await def.afterWrite?.(ctx, id, input as Partial<z.infer<In>>, existing);
        await writeAudit(trx, request, existing ? 'update' : 'create', def.entity, id, stored ? { ...input, [def.file!.column]: stored.url } : input);
        return (await findRow(trx, def.table, id))!;
      });
    } catch (error) {
      await discardFile(request, stored?.url);
      mapWriteError(error, def.entity);
    }
    if (stored && existing) await discardFile(request, fileOf(existing));
    if (GRANT_TABLES.includes(def.table)) await appBase.grants.changed();
    await appBase.domainEvents.changed({ table: def.table, id: (saved as unknown as { id: number }).id, change: existing ? 'update' : 'create' });
    return saved;
  };

  const bodySchema = def.file ? undefined : createSchema;
  const consumes = def.file ? ['application/json', 'multipart/form-data'] : undefined;

  if (ops.has('list')) {
    app.get(
      def.path,
      {
        schema: {
          tags: [def.tag],
          summary: `List ${def.entity} rows (page, page_size, search, ordering, filters)`,
          querystring: querySchema,
          response: { 200: envelopeSchema(listData) },
        },
        preValidation: canRead,
      },
      async (request) => {
        const query = toListQuery(def.list as unknown as ListSpec<TableName>, request.query as Record<string, unknown>);
        const result = await listRows(
          appBase.db,
          def.list,
          query,
          (qb, use) => scoped(qb, request, request.query as Record<string, unknown>, use),
          def.searched?.(appBase.db, request),
          def.total && (() => def.total!(appBase.db, request, query)),
        );
        return ok({ items: await present(request, result.items), total: result.total });
      },
    );
  }
  if (ops.has('get')) {
    app.get(
      itemPath,
      { schema: { tags: [def.tag], summary: `One ${def.entity}`, params: idParams, response: { 200: envelopeSchema(anyData) } }, preValidation: canRead },
      async (request) => {
        const row = await findVisible(request, request.params.id);
        if (!row) throw rowNotFound(def.entity, request.params.id);
        return ok((await present(request, [row]))[0]);
      },
    );
  }
  if (ops.has('create')) {
    app.post(
      def.path,
      {
        schema: {
          tags: [def.tag],
          summary: `Create a ${def.entity}`,
          ...(bodySchema ? { body: bodySchema } : { consumes }),
          response: { 200: envelopeSchema(anyData) },
        },
        preValidation: canWrite,
      },
      async (request) => {
        const saved = await write(request, createSchema);
        await def.afterCommit?.('create', saved, request);
        return ok((await present(request, [saved]))[0], 'created');
      },
    );
  }
  if (ops.has('update')) {
    for (const method of ['put', 'patch'] as const) {
      app[method](
        itemPath,
        {
          schema: {
            tags: [def.tag],
            summary: `Update a ${def.entity} (any subset of the fields)`,
            params: idParams,
            ...(bodySchema ? { body: updateSchema } : { consumes }),
            response: { 200: envelopeSchema(anyData) },
          },
          preValidation: canWrite,
        },
        async (request) => {
          const existing = await findVisible(request, request.params.id);
          if (!existing) throw rowNotFound(def.entity, request.params.id);
          const refusal = def.guardUpdate?.(existing, request);
          if (refusal) throw refusedConflict(refusal);
          const saved = await write(request, updateSchema, existing);
          await def.afterCommit?.('update', saved, request);
          return ok((await present(request, [saved]))[0], 'updated');
        },
      );
    }
  }
  if (ops.has('delete')) {
    app.delete(
      itemPath,
      {
        schema: { tags: [def.tag], summary: `Delete a ${def.entity}`, params: idParams, response: { 200: envelopeSchema(z.null()) } },
        preValidation: canWrite,
      },
      async (request) => {
        const existing = await findVisible(request, request.params.id);
        if (!existing) throw rowNotFound(def.entity, request.params.id);
        const refusal = def.guardDelete?.(existing, request);
        if (refusal) throw refusedConflict(refusal);
        await def.authorize?.(appBase.db, request, existing, undefined);
        try {
          await appBase.db.transaction().execute(async (trx) => {
            await byTableName(trx)
              .deleteFrom(def.table as string)
              .where('id', '=', request.params.id)
              .execute();
            await def.afterDelete?.({ db: trx, request, now: nowIso() }, existing);
            await writeAudit(trx, request, 'delete', def.entity, request.params.id, def.toApi(existing));
          });
        } catch (error) {
          mapWriteError(error, def.entity);
        }
        await discardFile(request, fileOf(existing));
        if (GRANT_TABLES.includes(def.table)) await appBase.grants.changed();
        await appBase.domainEvents.changed({ table: def.table, id: request.params.id, change: 'delete' });
        await def.afterCommit?.('delete', existing, request);
        return ok(null, 'deleted');
      },
    );
  }
}
