import { CLIENTE_NAO_ENCONTRADO, type Provento, type ResumoCliente } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { Decimal, money, toNumber } from '../../../shared/decimal';
import { formatMoney } from '../../../shared/format';
import { retencaoDividendos } from '../../../shared/ir';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { resumoCliente } from './figures';
import type { QuoteService } from '../../lib/quotes';
import { clienteExists } from '../clientes';
import { selectProventos, type ProventoRow } from './repository';

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
  const avisos = avisosDeDividendos(rows);
  return rows.map(({ empresa: _empresa, ...r }) => ({
    ...r,
    valor_por_acao: toNumber(r.valor_por_acao, 10)!,
    valor_bruto: money(r.valor_bruto)!,
    valor_liquido: money(r.valor_liquido)!,
    aviso: avisos.get(r.evento) ?? null,
  }));
}

/**
 * From 2026, one company's dividends to the client in one month above R$ 50,000.00: 10 % withheld at the source on
 * the whole amount (shared/ir retencaoDividendos), said on each of those dividends (issue 29).
 */
function avisosDeDividendos(rows: readonly ProventoRow[]): Map<number, string> {
  const grupos = new Map<string, ProventoRow[]>();
  for (const r of rows) {
    if (r.tipo !== 'dividendo') continue;
    const chave = `${r.empresa}\u0000${r.data_pagamento.slice(0, 7)}`;
    grupos.set(chave, [...(grupos.get(chave) ?? []), r]);
  }
  const avisos = new Map<number, string>();
  for (const grupo of grupos.values()) {
    const { empresa, data_pagamento } = grupo[0]!;
    const mes = data_pagamento.slice(0, 7);
    const total = grupo.reduce((soma, r) => soma.plus(r.valor_bruto), new Decimal(0));
    const retencao = retencaoDividendos(total.toFixed(2), mes);
    if (retencao === '0.00') continue;
    const aviso =
      `Dividendos de ${empresa} em ${mes.slice(5)}/${mes.slice(0, 4)}: ${formatMoney(total.toNumber())}, ` +
      `acima de R$ 50.000,00: ${formatMoney(Number(retencao))} (10 %) retidos na fonte sobre o total ` +
      '(informativo).';
    for (const r of grupo) avisos.set(r.evento, aviso);
  }
  return avisos;
}
