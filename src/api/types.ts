/** The wire shapes every REST collection shares: a page of rows and the field errors of a rejected write. */
export interface ListResult<T> {
  items: T[];
  total: number;
}

export interface FieldError {
  field: string;
  message: string;
}

export type ResourceRow = { id: number | string } & Record<string, unknown>;
