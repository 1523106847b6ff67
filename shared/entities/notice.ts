import { z } from 'zod';
import { isoDateTime, stampedSchema } from './fields';

export const NOTICE_LEVELS = ['info', 'warning', 'urgent'] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];

export const noticeInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(20_000),
  level: z.enum(NOTICE_LEVELS).default('info'),
  publish_at: isoDateTime.optional(),
});
export type NoticeInput = z.input<typeof noticeInputSchema>;

/** What a notice says in one language. */
export const noticeTextSchema = z.object({ title: z.string(), content: z.string() });
export type NoticeText = z.infer<typeof noticeTextSchema>;

export const noticeSchema = stampedSchema.extend({
  /** In the request's language (?lang=, Accept-Language) for the platform's notices; as written for people's. */
  title: z.string(),
  content: z.string(),
  /** A platform notice (an urgent defect's) in each language, the console showing its own; null: a person's notice. */
  texts: z.object({ zh: noticeTextSchema, en: noticeTextSchema }).nullable(),
  level: z.enum(NOTICE_LEVELS),
  publish_at: z.string(),
  created_by: z.number().nullable(),
  /** Only this project's members see it (null: everyone); the platform's notices of urgent defects. */
  project_id: z.number().nullable(),
  /** The defect it announces; given only to a reader who sees that defect. */
  defect_id: z.number().nullable(),
  /** Whether the signed-in user has read it. */
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;
