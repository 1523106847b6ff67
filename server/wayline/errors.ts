import type { ErrorParams } from '../http/envelope';

/** A wayline file that cannot be read: `code` is the stable reason (`route.<reason>`), the message names the problem in English. */
export class WaylineError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}
