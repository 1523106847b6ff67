import type { i18n } from 'i18next';
import { z } from 'zod';
import { zodIssueReason } from '@shared/validationIssues';

/**
 * Installed by the forms that validate with zod (ResourceFormDialog), so zod loads with them and not on the first paint.
 * zod's own messages (a schema rule without a message of its own, e.g. `.max(128)`) in the app language: the
 * issue's stable code (the one the server sends for the same rule) looked up in the apiError table. Global, as
 * zod's error map is; rules with their own message (an i18n key) keep it.
 */
export function installValidationMessages(instance: i18n): void {
  z.config({
    customError: (issue) => {
      const { code, params } = zodIssueReason(issue);
      return instance.t(`apiError.${code}`, params);
    },
  });
}
