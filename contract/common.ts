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

/** An id in a JSON body: a number with the same bounds, and the message the form shows next to the field. */
export const idCampo = (message = ID_INVALIDO) =>
  z.number(message).int(message).positive(message).max(MAX_ID, message);

/**
 * Control characters (C0, DEL, C1) and lone UTF-16 surrogates: nobody types them in a form field, PostgreSQL's text
 * refuses NUL outright, and a lone surrogate would be stored as U+FFFD. Tab and line breaks are refused too: no
 * field of the API holds more than one line.
 */
const SEM_CONTROLE = /^[^\p{Cc}\p{Cs}]*$/u;
export const TEXTO_COM_CONTROLE =
  'Remova os caracteres invisíveis ou inválidos (como tabulação ou quebra de linha).';

/**
 * Text as an input (body, query, path, header): trimmed, at most `max` characters, no control characters.
 * A field with a format of its own (an email, an IP) passes its message, which then covers both refusals.
 */
export const texto = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message ?? `No máximo ${max} caracteres.`)
    .regex(SEM_CONTROLE, message ?? TEXTO_COM_CONTROLE);

/** The ids the server makes (an order group's, a lote's, a session's): a UUID, in either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one parser of such an id: the id, or null when it is malformed. A path takes any short text for it
 * (`uuidParam`), so that a malformed id answers as one that names nothing: the resource's 404, never a 400.
 */
export function parseUuid(value: string): string | null {
  return UUID.test(value) ? value : null;
}

/** A UUID in a path: checked by the handler with parseUuid (a malformed one is the resource's 404). */
export const uuidParam = texto(64);

/**
 * Money and prices as inputs. The columns are numeric(18,4): 14 integer digits and 4 places. A value near the top
 * is a typing mistake, and a product of two (price × quantity) must stay an exact integer of cents in a double; a
 * fifth place would be rounded away silently, and a positive value below 0.0001 stored as zero.
 */
export const MAX_VALOR = 1e12;
export const VALOR_MAXIMO = `No máximo ${MAX_VALOR.toLocaleString('pt-BR')}.`;
export const VALOR_MINIMO = 'No mínimo 0,0001.';
export const VALOR_CASAS = 'Use no máximo 4 casas decimais.';

// Ten-thousandths as an integer, forgiving binary noise (0.1 + 0.2 has 4 places).
const hasFourDecimals = (n: number) => Math.abs(n * 1e4 - Math.round(n * 1e4)) < 1e-6;

/** A positive amount of money or a price: `message` when missing or not a number, `positivo` when ≤ 0. */
export const valorPositivo = (message: string, positivo = message) =>
  z
    .number(message)
    .positive(positivo)
    .min(0.0001, VALOR_MINIMO)
    .max(MAX_VALOR, VALOR_MAXIMO)
    .refine(hasFourDecimals, VALOR_CASAS);

/** Share quantities: integers (the quantity column is an integer), at most a billion shares. */
export const MAX_QUANTIDADE = 1_000_000_000;
export const QUANTIDADE_MAXIMA = `No máximo ${MAX_QUANTIDADE.toLocaleString('pt-BR')} ações.`;

/** A positive whole number of shares, with the messages of the form that asks for it. */
export const quantidadePositiva = (messages: {
  /** When missing or not a number (default: zod's, 'Campo obrigatório.' when missing). */
  invalido?: string;
  inteiro: string;
  positivo: string;
}) =>
  z
    .number(messages.invalido)
    .int(messages.inteiro)
    .positive(messages.positivo)
    .max(MAX_QUANTIDADE, QUANTIDADE_MAXIMA);

/**
 * B3's tickers: a four-character root, four letters or three letters and a digit (B3SA, of B3SA3), then the class
 * number (3, 4, 11, …). The one rule of every form and route that takes a stock; `SIMBOLO_B3` also takes the
 * fractional market's symbol (the ticker + F), capturing its ticker.
 */
const RAIZ_B3 = '[A-Z](?:[A-Z]{3}|\\d[A-Z]{2}|[A-Z]\\d[A-Z]|[A-Z]{2}\\d)';
export const TICKER_B3 = new RegExp(`^${RAIZ_B3}\\d{1,2}$`);
export const SIMBOLO_B3 = new RegExp(`^(${RAIZ_B3}\\d{1,2})F?$`);

/** Calendar date as the API sends it: yyyy-mm-dd. */
export const IsoDateSchema = z.iso.date();

/** A date as an input: yyyy-mm-dd within 1900–2999 (PostgreSQL refuses year 0; a date far off is a typo). */
export const dataCampo = (message: string) =>
  z.iso.date(message).refine((v) => v >= '1900-01-01' && v <= '2999-12-31', message);

/** Money and prices travel as JSON numbers, already rounded by the server (cents or 4 places). */
export const MoneySchema = z.number();

/** DELETE answers: 204 with no body. */
export const NoContentSchema = z.null();
