import { toNestErrors } from '@hookform/resolvers';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodIssueReason } from '@shared/validationIssues';

/** A form's message for one zod issue: an i18n key, or a text already in the app language. */
export type IssueMessage = (issue: z.core.$ZodIssue) => string;

/**
 * The messages of a form whose schema is derived from a shared input schema. A rule the console states itself (a
 * cross-field check, a required choice) carries its own message, an i18n key; a field the form names in
 * `fieldMessages` says that key for any of its rules (e.g. a serial's pattern, which the server words in English);
 * any other rule, stated once in shared/, says in the app language what the server says for it (the issue's stable
 * code, zodIssueReason, in the apiError table).
 */
export function issueMessages(t: TFunction, isKey: (message: string) => boolean, fieldMessages: Readonly<Partial<Record<string, string>>> = {}): IssueMessage {
  return (issue) => {
    if (isKey(issue.message)) return issue.message;
    const fieldMessage = fieldMessages[String(issue.path[0])];
    if (fieldMessage) return fieldMessage;
    const { code, params } = zodIssueReason(issue);
    return t(`apiError.${code}`, params);
  };
}

/** react-hook-form's resolver over a zod schema (input `In`, output `Out`), each issue worded by `messageOf`. */
export function zodFormResolver<In extends FieldValues, Out>(schema: z.ZodType<Out, In>, messageOf: IssueMessage): Resolver<In, unknown, Out> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= { type: issue.code, message: messageOf(issue) };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
