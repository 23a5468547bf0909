import { CLIENTE_NAO_ENCONTRADO, type ResumoCliente } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { resumoCliente } from '../../lib/portfolio-figures';
import type { QuoteService } from '../../lib/quotes';

export async function resumo(
  deps: { db: Db; quotes: QuoteService },
  clienteId: number,
): Promise<ResumoCliente> {
  const found = await resumoCliente(deps.db, deps.quotes, clienteId, todayIso());
  if (!found) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return found;
}
