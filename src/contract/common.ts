import { z } from 'zod';

/** Every error answer of the API: a message the UI can show, plus per-field messages on validation errors. */
export const ApiErrorSchema = z.object({
  detail: z.string(),
  campos: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const IdSchema = z.number().int().positive();

/** Calendar date as the API sends it: yyyy-mm-dd. */
export const IsoDateSchema = z.iso.date();

/** Money and prices travel as JSON numbers, already rounded by the server (cents or 4 places). */
export const MoneySchema = z.number();
