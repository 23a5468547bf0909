import { CLIENTE_NAO_ENCONTRADO, type Provento, type ResumoCliente } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { money, toNumber } from '../../../shared/decimal';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { resumoCliente } from './figures';
import type { QuoteService } from '../../lib/quotes';
import { clienteExists } from '../clientes';
import { selectProventos } from './repository';

export async function resumo(
  deps: { db: Db; quotes: QuoteService },
  clienteId: number,
): Promise<ResumoCliente> {
  const found = await resumoCliente(deps.db, deps.quotes, clienteId, todayIso());
  if (!found) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return found;
}

/** The cash a client received, per event (its operations held at the close before each data_ex). */
export async function listProventos(db: Db, clienteId: number): Promise<Provento[]> {
  const rows = await selectProventos(db, clienteId);
  if (rows.length === 0 && !(await clienteExists(db, clienteId))) {
    throw notFound(CLIENTE_NAO_ENCONTRADO);
  }
  return rows.map((r) => ({
    ...r,
    valor_por_acao: toNumber(r.valor_por_acao, 10)!,
    valor_bruto: money(r.valor_bruto)!,
    valor_liquido: money(r.valor_liquido)!,
  }));
}
