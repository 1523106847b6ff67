import { z } from 'zod';

/** One audit log entry (GET /api/Audit/, read only); detail is the parsed JSON the write recorded. */
export const auditEntrySchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  detail: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
