import type { ErrorCode, ErrorParamValue } from '@shared/errorCodes';

/** A wayline file that cannot be read: `code` is the stable reason (`route.<reason>`), the message names the problem in English. */
export class WaylineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params: Record<string, ErrorParamValue> = {},
  ) {
    super(message);
  }
}
