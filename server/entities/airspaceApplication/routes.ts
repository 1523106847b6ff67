import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { applicationInputSchema } from '@shared/entities/airspace';
import { registerCrud } from '../../api/crud';
import { DEVICE_NAME, type NameRefs } from '../../api/displayNames';
import { registerWorkflow } from '../../api/workflow';
import { parseJson, toJsonText } from '../../db/json';
import type { AirspaceApplicationsTable } from '../../db/schema';
import { allowedActions, APPLICATION_MACHINE } from '../../domain/stateMachines';
import { defined, orderErrors } from '../fields';

/** An application names its device, applicant and reviewer. */
const APPLICATION_NAMES: NameRefs = {
  ...DEVICE_NAME,
  applicant_name: { from: 'applicant_id', table: 'users' },
  reviewer_name: { from: 'reviewer_id', table: 'users' },
};

export const applicationToApi = (row: Selectable<AirspaceApplicationsTable>) => ({
  ...row,
  area: parseJson(row.area, null),
  actions: allowedActions(APPLICATION_MACHINE, row.status),
});

/** Airspace applications: CRUD while a draft, then submit/approve/reject/cancel. */
export default async function airspaceApplicationRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'airspace_application',
    path: '/Airspace/Apply/',
    tag: 'airspace',
    table: 'airspace_applications',
    read: 'airspace:read',
    write: 'airspace:write',
    list: {
      table: 'airspace_applications',
      search: ['purpose'],
      order: ['id', 'start_at', 'end_at', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', device_id: 'int', applicant_id: 'int' },
    },
    input: applicationInputSchema,
    refs: { device_id: 'devices' },
    check: (v) => [
      ...orderErrors(v.min_alt, v.max_alt, 'max_alt', 'must be at least min_alt'),
      ...orderErrors(v.start_at, v.end_at, 'end_at', 'must be after start_at'),
    ],
    guardUpdate: (row) => (row.status !== 'draft' ? `Only a draft application can be edited (this one is ${row.status})` : null),
    guardDelete: (row) => (row.status !== 'draft' ? `Only a draft application can be deleted (this one is ${row.status}); cancel it instead` : null),
    toRow: (input, ctx, existing) => {
      const row = defined({ ...input, area: toJsonText(input.area) });
      return existing
        ? row
        : {
            device_id: null,
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
    path: '/Airspace/Apply/',
    tag: 'airspace',
    table: 'airspace_applications',
    machine: APPLICATION_MACHINE,
    permission: (action) => (action === 'approve' || action === 'reject' ? 'airspace:approve' : 'airspace:write'),
    effects: (action, body, request) =>
      action === 'approve' || action === 'reject' ? { reviewer_id: request.auth!.userId, review_note: body.note ?? null } : {},
    toApi: applicationToApi,
    names: APPLICATION_NAMES,
  });
}
