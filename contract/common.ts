import { z } from 'zod';

/** Ids are PostgreSQL integers: positive, at most 2^31 − 1. */
export const MAX_ID = 2_147_483_647;
export const ID_INVALIDO = 'Informe um id válido.';

export const IdSchema = z.number().int().positive().max(MAX_ID);

/** An id in a path or a query string: digits as text (or a number), parsed the same way everywhere. */
export const idParam = (message = ID_INVALIDO) =>
  z.coerce.number<number | string>(message).int(message).positive(message).max(MAX_ID, message);

export const IdParam = idParam();

/** `{id}` in a path. */
export const IdParams = z.object({ id: IdParam });

/** Calendar date as the API sends it: yyyy-mm-dd. */
export const IsoDateSchema = z.iso.date();

/** Money and prices travel as JSON numbers, already rounded by the server (cents or 4 places). */
export const MoneySchema = z.number();

/** DELETE answers: 204 with no body. */
export const NoContentSchema = z.null();
