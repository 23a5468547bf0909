import { sql } from 'drizzle-orm';
import type { TipoEventoEmDinheiro } from '../../../contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';

/** What the monthly report reads besides the returns and the income tax: one statement each. */

export interface ClienteRow {
  nome: string | null;
}

export async function selectCliente(db: Db, clienteId: number): Promise<ClienteRow | undefined> {
  const [row] = await queryRows<ClienteRow>(
    db,
    sql`select nome from clientes where id = ${clienteId}`,
  );
  return row;
}

/** A buy or a sale of the month, as the book holds the operation (prices per share as exact text). */
export interface NegocioRow {
  data: string;
  tipo: 'compra' | 'venda';
  ticker: string;
  acao_id: number;
  quantidade: number;
  preco: string;
  custos: string;
}

/** The month's buys (by data_compra) and sales (by data_venda), in date order, buys first on a day. */
export async function selectNegocios(
  db: Db,
  clienteId: number,
  de: string,
  ate: string,
): Promise<NegocioRow[]> {
  return queryRows<NegocioRow>(
    db,
    sql`select * from (
          select o.data_compra::text as data, 'compra' as tipo, a.ticker, a.id as acao_id, o.quantidade,
                 o.preco_unitario::text as preco, o.custos_compra::text as custos, o.id
            from operacoes o join acoes a on a.id = o.acao_id
           where o.cliente_id = ${clienteId} and o.data_compra between ${de} and ${ate}
             and o.quantidade is not null and o.preco_unitario is not null
          union all
          select o.data_venda::text, 'venda', a.ticker, a.id, o.quantidade,
                 o.preco_venda_unitario::text, o.custos_venda::text, o.id
            from operacoes o join acoes a on a.id = o.acao_id
           where o.cliente_id = ${clienteId} and o.data_venda between ${de} and ${ate}
             and o.quantidade is not null and o.preco_venda_unitario is not null
        ) n
        order by data, tipo, ticker, id`,
  );
}

/** The cash events of the month (by data_ex, as the return counts them) the client's operations received. */
export interface ProventoRow {
  ticker: string;
  tipo: TipoEventoEmDinheiro;
  data_ex: string;
  data_pagamento: string;
  quantidade: number;
  valor_bruto: string;
  valor_liquido: string;
}

export async function selectProventosDoMes(
  db: Db,
  clienteId: number,
  de: string,
  ate: string,
): Promise<ProventoRow[]> {
  return queryRows<ProventoRow>(
    db,
    sql`select a.ticker, e.tipo, e.data_ex::text as data_ex,
               coalesce(e.data_pagamento, e.data_ex)::text as data_pagamento,
               sum(pv.quantidade)::int as quantidade, sum(pv.valor_bruto)::text as valor_bruto,
               sum(pv.valor_liquido)::text as valor_liquido
          from proventos pv
          join operacoes o on o.id = pv.operacao_id
          join eventos_corporativos e on e.id = pv.evento_id
          join acoes a on a.id = e.acao_id
         where o.cliente_id = ${clienteId} and e.data_ex between ${de} and ${ate}
         group by e.id, a.ticker
         order by e.data_ex, a.ticker, e.id`,
  );
}

/** A stock's last stored close up to a day, with how far its source had adjusted it (prices as stored). */
export interface FechamentoRow {
  acao_id: number;
  ticker: string;
  data: string;
  fechamento: string;
  ajustado_ate: string | null;
}

export async function selectUltimosFechamentos(
  db: Db,
  tickers: readonly string[],
  ate: string,
): Promise<FechamentoRow[]> {
  if (tickers.length === 0) return [];
  return queryRows<FechamentoRow>(
    db,
    sql`select a.id as acao_id, a.ticker, p.data::text as data, p.fechamento::text as fechamento,
               p.ajustado_ate::text as ajustado_ate
          from acoes a
          cross join lateral (
            select data, fechamento, ajustado_ate from precos_diarios
             where acao_id = a.id and data <= ${ate}
             order by data desc limit 1
          ) p
         where a.ticker = any(string_to_array(${tickers.join(',')}, ','))`,
  );
}
