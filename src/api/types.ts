/** The wire shapes every REST collection shares: a page of rows and the field errors of a rejected write. */
export interface ListResult<T> {
  items: T[];
  total: number;
}

export interface FieldError {
  field: string;
  /** The server's English text (for logs); the console shows the translation of `code`. */
  message: string;
  /** Stable code of the problem (shared/errorCodes.ts) and its params. */
  code?: string;
  params?: Record<string, string | number>;
}
