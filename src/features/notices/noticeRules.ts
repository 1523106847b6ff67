import { NOTICE_LEVELS, noticeInputSchema, type Notice, type NoticeText } from '@shared/entities/notice';
import type { z } from 'zod';
import { blankAsNull } from '../../crud/formFields';

export { NOTICE_LEVELS };
export const LEVEL_COLORS = { info: 'info', warning: 'warning', urgent: 'error' } as const;
/**
 * The API has no publish/withdraw steps: a notice is published when its publish_at has come, so "withdraw" moves
 * publish_at to this far date (hidden from the unread count) and "publish" sets it to now.
 */
export const WITHDRAWN_AT = '9999-12-31T00:00:00.000Z';

export type NoticeState = 'published' | 'scheduled' | 'withdrawn';
export function noticeState(row: Pick<Notice, 'publish_at'>, now = Date.now()): NoticeState {
  const at = row.publish_at;
  if (at.startsWith('9999')) return 'withdrawn';
  return Date.parse(at) <= now ? 'published' : 'scheduled';
}

/**
 * What a notice says in the console's language: a platform notice (an urgent defect's) carries both texts, a
 * person's notice is shown as written.
 */
export function noticeText(row: NoticeTextRow, language: string): NoticeText {
  const { texts } = row;
  if (texts) return language === 'en' ? texts.en : texts.zh;
  return { title: row.title, content: row.content };
}

/** What noticeText reads of a notice (a server without `texts` sends none). */
export type NoticeTextRow = Pick<Notice, 'title' | 'content'> & Partial<Pick<Notice, 'texts'>>;

/** The create/edit form over the shared notice input: an empty publish time is none (the server publishes now). */
export const noticeSchema = noticeInputSchema.extend({ publish_at: blankAsNull(noticeInputSchema.shape.publish_at.nullable()) });
export type NoticeForm = z.input<typeof noticeSchema>;
export const emptyNotice: NoticeForm = { title: '', content: '', level: 'info', publish_at: '' };
export const noticeToForm = (row: Notice): NoticeForm => ({ title: row.title, content: row.content, level: row.level, publish_at: row.publish_at });
export const noticeToBody = ({ publish_at, ...notice }: z.output<typeof noticeSchema>) => ({ ...notice, ...(publish_at ? { publish_at } : {}) });
