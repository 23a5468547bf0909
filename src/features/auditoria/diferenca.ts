import { DASH } from '../../../shared/format';

/**
 * An audit entry's before and after as a readable difference: each field that changed, with its value before and
 * after (a creation has only "after", a deletion only "before"). The records are whatever the server wrote
 * (JSON), so nothing here assumes their shape.
 */

export interface Mudanca {
  /** The field's name; '' when the record is a single value, not an object. */
  campo: string;
  /** The value before, as text; null when the field did not exist before (created, or new in the record). */
  antes: string | null;
  depois: string | null;
}

type Registro = Record<string, unknown>;

const isRegistro = (v: unknown): v is Registro =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as a person reads it: text as is, yes/no, numbers as written, anything else as compact JSON. */
export function valorLegivel(valor: unknown): string {
  if (valor === null || valor === undefined) return DASH;
  if (typeof valor === 'string') return valor === '' ? '""' : valor;
  if (typeof valor === 'boolean') return valor ? 'sim' : 'não';
  if (typeof valor === 'number' || typeof valor === 'bigint') return String(valor);
  return JSON.stringify(valor);
}

const igual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diferencas(antes: unknown, depois: unknown): Mudanca[] {
  const temAntes = antes !== null && antes !== undefined;
  const temDepois = depois !== null && depois !== undefined;
  if (!temAntes && !temDepois) return [];
  if ((temAntes && !isRegistro(antes)) || (temDepois && !isRegistro(depois))) {
    if (igual(antes, depois)) return [];
    return [
      {
        campo: '',
        antes: temAntes ? valorLegivel(antes) : null,
        depois: temDepois ? valorLegivel(depois) : null,
      },
    ];
  }
  const a = (temAntes ? antes : {}) as Registro;
  const d = (temDepois ? depois : {}) as Registro;
  // The record's own order: the fields before, then those only after has.
  const campos = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  // A field only one side has, and empty there, says nothing (a creation's null fields).
  const vazioDeUmLado = (campo: string) =>
    (!(campo in a) && d[campo] === null) || (!(campo in d) && a[campo] === null);
  return campos
    .filter((campo) => !(campo in a && campo in d && igual(a[campo], d[campo])))
    .filter((campo) => !vazioDeUmLado(campo))
    .map((campo) => ({
      campo,
      antes: campo in a ? valorLegivel(a[campo]) : null,
      depois: campo in d ? valorLegivel(d[campo]) : null,
    }));
}

/** One change as one line: 'papel: leitura → operador', 'nome: Ana' (created), 'nome: Ana → (removido)'. */
export function linhaDaMudanca({ campo, antes, depois }: Mudanca): string {
  const rotulo = campo ? `${campo}: ` : '';
  if (antes === null) return `${rotulo}${depois ?? DASH}`;
  if (depois === null) return `${rotulo}${antes} → (removido)`;
  return `${rotulo}${antes} → ${depois}`;
}

/** The whole difference as text, one change a line (the export's cell). */
export const textoDaDiferenca = (mudancas: readonly Mudanca[]) =>
  mudancas.map(linhaDaMudanca).join('\n');
