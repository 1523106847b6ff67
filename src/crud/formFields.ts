import { z } from 'zod';

/**
 * Form fields over a shared input schema's field. A form holds what its inputs hold (a pick list's id as text, ""
 * for an empty field, a number input's text); each helper turns that into the shared field's input and then checks
 * it with the shared field itself, so the limits are stated once, in shared/. Their messages: see validationMessages.ts.
 */

/** A required pick list (its row's id as text): nothing chosen is "resources.required". */
export const pickedId = <Out>(shared: z.core.$ZodType<Out, number>) => z.string().min(1, 'resources.required').transform(Number).pipe(shared);

/** A required text or date-time field: "" (nothing typed or picked yet) is "resources.required". */
export const filledIn = <Out>(shared: z.core.$ZodType<Out, string>) => z.string().min(1, 'resources.required').pipe(shared);

/** An optional pick list: "" (or no value) is none, sent as null. */
export const optionalPick = <Out>(shared: z.core.$ZodType<Out, number | null | undefined>) =>
  z
    .string()
    .optional()
    .transform((id): number | null | undefined => (id ? Number(id) : null))
    .pipe(shared);

/** An optional text or date-time field: "" (or no value) is none, sent as null. */
export const blankAsNull = <Out>(shared: z.core.$ZodType<Out, string | null | undefined>) =>
  z
    .string()
    .optional()
    .transform((text): string | null | undefined => text || null)
    .pipe(shared);

/** A number input, which holds its text until it is a number: "" is `empty`. */
export const numberInput = <Out>(shared: z.core.$ZodType<Out, number>, empty = 0) =>
  z
    .union([z.number(), z.string()])
    .transform((value) => (value === '' ? empty : Number(value)))
    .pipe(shared);

/** A row's id as a pick list holds it ("" for none). */
export const idText = (id: number | null) => (id === null ? '' : String(id));
