import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { airspaceRulesSchema } from '@shared/airspace';
import { applicationInputSchema } from '@shared/entities/airspace';
import { registerCrud } from '../../api/crud';
import { DEVICE_NAME, type NameRefs } from '../../api/displayNames';
import { registerWorkflow } from '../../api/workflow';
import { parseJson, toJsonText } from '../../db/json';
import type { AirspaceApplicationsTable } from '../../db/schema';
import { allowedActions, APPLICATION_MACHINE } from '../../domain/stateMachines';
import { moveStatus } from '../../domain/transitions';
import { envelopeSchema, HttpError, ok, type Refusal } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { defined } from '../fields';
import { applicationFacts, assertApplicationRules, autoApprovalFor } from './rules';
import { COLLECTIONS, VIEWS } from '@shared/entities/collections';

const notDraft = (message: string, status: string): Refusal => ({ message, reason: { code: 'airspace_application.not_draft', params: { status } } });

/** An application names its device, applicant and reviewer. */
const APPLICATION_NAMES: NameRefs = {
  ...DEVICE_NAME,
  applicant_name: { from: 'applicant_id', table: 'users' },
  reviewer_name: { from: 'reviewer_id', table: 'users' },
};

export const applicationToApi = (row: Selectable<AirspaceApplicationsTable>) => ({
  ...row,
  area: parseJson(row.area, null),
  review_reasons: parseJson<string[]>(row.review_reasons, []),
  actions: allowedActions(APPLICATION_MACHINE, row.status),
});

const lateNeedsNote = () =>
  new HttpError(
    400,
    'This application was submitted late: approving it needs a note',
    [{ field: 'note', message: 'is required to approve a late application', code: 'airspace.late_needs_note' }],
    {
      code: 'airspace.late_needs_note',
    },
  );

/**
 * Airspace applications: CRUD while a draft (every rule of shared/airspace checked on each save), then
 * submit (checked again; approved at once by the system when the auto-approval rules allow) / approve / reject / cancel.
 */
export default async function airspaceApplicationRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.airspace;
  app.withTypeProvider<ZodTypeProvider>().get(
    VIEWS.airspaceRules.path,
    {
      schema: {
        tags: ['airspace'],
        summary: 'The numbers of the airspace rules (ceilings, lead time, margins)',
        response: { 200: envelopeSchema(airspaceRulesSchema) },
      },
      preValidation: requirePermission(app, VIEWS.airspaceRules.read),
    },
    async () => ok(config),
  );
  registerCrud(app, {
    entity: 'airspace_application',
    ...COLLECTIONS.airspaceApplication,
    tag: 'airspace',
    table: 'airspace_applications',
    list: {
      table: 'airspace_applications',
      search: ['purpose'],
      order: ['id', 'start_at', 'end_at', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', device_id: 'int', applicant_id: 'int', purpose_kind: 'string', late: 'int' },
    },
    input: applicationInputSchema,
    refs: { device_id: 'devices' },
    guardUpdate: (row) => (row.status !== 'draft' ? notDraft(`Only a draft application can be edited (this one is ${row.status})`, row.status) : null),
    guardDelete: (row) =>
      row.status !== 'draft' ? notDraft(`Only a draft application can be deleted (this one is ${row.status}); cancel it instead`, row.status) : null,
    toRow: async (input, ctx, existing) => {
      const merged = { ...(existing ? applicationToApi(existing) : {}), ...input } as Parameters<typeof applicationFacts>[0] & { device_id?: number | null };
      const { late } = await assertApplicationRules(ctx.db, applicationFacts(merged), merged.device_id, config, Date.parse(ctx.now));
      const row = defined({ ...input, area: toJsonText(input.area), late: late ? 1 : 0 });
      return existing
        ? row
        : {
            device_id: null,
            purpose_kind: 'routine',
            applicant_id: ctx.request.auth?.userId ?? null,
            status: APPLICATION_MACHINE.initial,
            reviewer_id: null,
            review_note: null,
            ...row,
          };
    },
    toApi: applicationToApi,
    names: APPLICATION_NAMES,
  });

  registerWorkflow(app, {
    entity: 'airspace_application',
    path: COLLECTIONS.airspaceApplication.path,
    tag: 'airspace',
    table: 'airspace_applications',
    machine: APPLICATION_MACHINE,
    permission: (action) => (action === 'approve' || action === 'reject' ? 'airspace:approve' : 'airspace:write'),
    prepare: async (action, row, ctx) => {
      if (action === 'submit') {
        // The window and lead time are judged at the moment of submission, not when the draft was saved.
        const { late } = await assertApplicationRules(ctx.db, applicationFacts(row), row.device_id, config, Date.parse(ctx.now));
        return { late: late ? 1 : 0 };
      }
      if (action === 'approve' && row.late && !ctx.body.note?.trim()) throw lateNeedsNote();
      return {};
    },
    effects: (action, body, request) =>
      action === 'approve' || action === 'reject' ? { reviewer_id: request.auth!.userId, review_note: body.note ?? null, decided_by_system: 0 } : {},
    settle: async (action, row, ctx) => {
      if (action !== 'submit') return;
      const decision = await autoApprovalFor(ctx.db, row, config, row.late === 1);
      if (!decision.approved) {
        await ctx.db
          .updateTable('airspace_applications')
          .set({ review_reasons: JSON.stringify(decision.review.map((r) => r.code)) })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      const note = `Approved by the system: ${decision.reasons.join('; ')}`;
      await moveStatus(ctx.db, 'airspace_applications', row.id, 'airspace_application', APPLICATION_MACHINE, 'approve', ctx.request, {
        from: row.status,
        set: () => ({ decided_by_system: 1, reviewer_id: null, review_note: note, review_reasons: '[]' }),
        detail: { by: 'system', note },
      });
    },
    toApi: applicationToApi,
    names: APPLICATION_NAMES,
  });
}
