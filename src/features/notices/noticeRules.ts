import { NOTICE_LEVELS, type NoticeText } from '@shared/entities/notice';
import { z } from 'zod';
import type { ResourceRow } from '../../crud/types';

export { NOTICE_LEVELS };
export const LEVEL_COLORS = { info: 'info', warning: 'warning', urgent: 'error' } as const;
/**
 * The API has no publish/withdraw steps: a notice is published when its publish_at has come, so "withdraw" moves
 * publish_at to this far date (hidden from the unread count) and "publish" sets it to now.
 */
export const WITHDRAWN_AT = '9999-12-31T00:00:00.000Z';

export type NoticeState = 'published' | 'scheduled' | 'withdrawn';
export function noticeState(row: ResourceRow, now = Date.now()): NoticeState {
  const at = String(row.publish_at ?? '');
  if (at.startsWith('9999')) return 'withdrawn';
  return Date.parse(at) <= now ? 'published' : 'scheduled';
}

/**
 * What a notice says in the console's language: a platform notice (an urgent defect's) carries both texts, a
 * person's notice is shown as written.
 */
export function noticeText(row: ResourceRow, language: string): NoticeText {
  const texts = row.texts as { zh: NoticeText; en: NoticeText } | null | undefined;
  if (texts) return language === 'en' ? texts.en : texts.zh;
  return { title: String(row.title ?? ''), content: String(row.content ?? '') };
}

export const noticeSchema = z.object({
  title: z.string().trim().min(1, 'resources.required').max(200),
  content: z.string().trim().min(1, 'resources.required').max(20000),
  level: z.enum(NOTICE_LEVELS),
  publish_at: z.string().optional(),
});
export type NoticeForm = z.infer<typeof noticeSchema>;
export const emptyNotice: NoticeForm = { title: '', content: '', level: 'info', publish_at: '' };
export const noticeToForm = (row: ResourceRow): NoticeForm => ({
  title: String(row.title ?? ''),
  content: String(row.content ?? ''),
  level: (row.level as NoticeForm['level']) ?? 'info',
  publish_at: String(row.publish_at ?? ''),
});
export const noticeToBody = (v: NoticeForm): Record<string, unknown> => ({
  title: v.title,
  content: v.content,
  level: v.level,
  ...(v.publish_at ? { publish_at: v.publish_at } : {}),
});
