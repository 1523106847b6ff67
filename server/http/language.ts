import type { FastifyRequest } from 'fastify';

/** The languages the server writes texts in (the console's: zh-cn, en). */
export type TextLanguage = 'zh' | 'en';

const primary = (tag: string): TextLanguage | null => {
  const head = tag.trim().toLowerCase().split('-')[0];
  return head === 'zh' || head === 'en' ? head : null;
};

/**
 * The language of a request's texts: `?lang=en|zh-cn` when given, else the first of zh / en in Accept-Language by
 * preference (q), else zh-cn (the default).
 */
export function pickLanguage(lang: unknown, acceptLanguage: string | undefined): TextLanguage {
  if (typeof lang === 'string' && primary(lang)) return primary(lang) as TextLanguage;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: primary(tag), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.language !== null && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.language ?? 'zh';
}

export const requestLanguage = (request: FastifyRequest): TextLanguage =>
  pickLanguage((request.query as Record<string, unknown> | undefined)?.lang, request.headers['accept-language']);
