import { sql, type SQL } from 'drizzle-orm';
import type { ClasseAtivo } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows, run } from '../../db/query';

/**
 * What the income-tax reports read (issue 29): one query per kind of row, for one client or for every client at
 * once (the book's month), never one per client. Numbers arrive as exact text (::text), dates as 'aaaa-mm-dd'.
 */

/** One client, or every client (null). */
export type Alcance = number | null;

export interface OperacaoIrRow {
  id: number;
  cliente_id: number;
  ticker: string;
  classe: ClasseAtivo;
  data_compra: string | null;
  /** As the book holds it now: in the terms of the share events that reached it (decision 0007). */
  quantidade: number | null;
  preco_unitario: string | null;
  custos_compra: string;
  data_venda: string | null;
  preco_venda: string | null;
  custos_venda: string;
}

/** A share event applied to an operation, with its values before and after (eventos_aplicacoes). */
export interface AplicacaoIrRow {
  operacao_id: number;
  evento_id: number;
  quantidade_antes: number;
  preco_antes: string | null;
  quantidade_depois: number;
  preco_depois: string | null;
}

export interface EventoIrRow {
  id: number;
  ticker: string;
  tipo: 'desdobramento' | 'grupamento' | 'bonificacao';
  data_ex: string;
  fator: string;
  custo_atribuido: string | null;
}

export interface SaldoIrRow {
  cliente_id: number;
  ano: number;
  prejuizo_comum: string;
  prejuizo_day_trade: string;
  prejuizo_fii: string;
  irrf_a_compensar: string;
}

export interface VendaExternaRow {
  cliente_id: number;
  mes: string;
  valor: string;
}

export interface DividendoRow {
  cliente_id: number;
  empresa: string;
  data_pagamento: string;
  valor_bruto: string;
}

export interface ClienteIrRow {
  id: number;
  nome: string | null;
  documento: string | null;
}

export interface LinhasIr {
  clientes: ClienteIrRow[];
  operacoes: OperacaoIrRow[];
  aplicacoes: AplicacaoIrRow[];
  eventos: EventoIrRow[];
  saldos: SaldoIrRow[];
  vendasExternas: VendaExternaRow[];
  dividendos: DividendoRow[];
}

/** What to read: whose rows, the last month computed, and the months whose dividend notices are shown. */
export interface Leitura {
  cliente: Alcance;
  /** 'aaaa-mm-dd': the last day of the last month computed; later trades are not read. */
  fim: string;
  /** 'aaaa-mm-dd' to 'aaaa-mm-dd': the dividends read (only the months shown carry their notice). */
  dividendosDe: string;
}

const doCliente = (coluna: SQL, cliente: Alcance) =>
  cliente === null ? sql`true` : sql`${coluna} = ${cliente}`;

const ateFim = (fim: string) => sql`(o.data_compra is null or o.data_compra <= ${fim})`;

function selectOperacoes(db: Db | Tx, { cliente, fim }: Leitura) {
  return queryRows<OperacaoIrRow>(
    db,
    sql`select o.id, o.cliente_id, a.ticker, a.classe, o.data_compra::text as data_compra, o.quantidade,
          o.preco_unitario::text as preco_unitario, o.custos_compra::text as custos_compra,
          o.data_venda::text as data_venda, o.preco_venda_unitario::text as preco_venda,
          o.custos_venda::text as custos_venda
        from operacoes o
        join acoes a on a.id = o.acao_id
        where ${doCliente(sql`o.cliente_id`, cliente)} and ${ateFim(fim)}
        order by o.cliente_id, o.data_compra, o.id`,
  );
}

/** The share events applied to those operations, each operation's in the order applied. */
function selectAplicacoes(db: Db | Tx, { cliente, fim }: Leitura) {
  return queryRows<AplicacaoIrRow>(
    db,
    sql`select ea.operacao_id, ea.evento_id, ea.quantidade_antes, ea.preco_antes::text as preco_antes,
          ea.quantidade_depois, ea.preco_depois::text as preco_depois
        from eventos_aplicacoes ea
        join operacoes o on o.id = ea.operacao_id
        where ${doCliente(sql`o.cliente_id`, cliente)} and ${ateFim(fim)}
        order by ea.operacao_id, ea.id`,
  );
}

/**
 * The share events in force on the assets the client (or anyone) traded, whatever their date: an operation's
 * values are in the terms of every one that reached it, even after the months computed.
 */
function selectEventos(db: Db | Tx, { cliente }: Leitura) {
  return queryRows<EventoIrRow>(
    db,
    sql`select e.id, a.ticker, e.tipo, e.data_ex::text as data_ex, e.fator::text as fator,
          e.custo_atribuido::text as custo_atribuido
        from eventos_corporativos e
        join acoes a on a.id = e.acao_id
        where e.tipo in ('desdobramento', 'grupamento', 'bonificacao') and e.aplicado_em is not null
          and e.fator is not null
          and exists (select 1 from operacoes o
                      where o.acao_id = e.acao_id and ${doCliente(sql`o.cliente_id`, cliente)})
        order by e.data_ex, e.id`,
  );
}

function selectSaldos(db: Db | Tx, { cliente }: Leitura) {
  return queryRows<SaldoIrRow>(
    db,
    sql`select cliente_id, ano, prejuizo_comum::text as prejuizo_comum,
          prejuizo_day_trade::text as prejuizo_day_trade, prejuizo_fii::text as prejuizo_fii,
          irrf_a_compensar::text as irrf_a_compensar
        from ir_saldos_iniciais where ${doCliente(sql`cliente_id`, cliente)}`,
  );
}

function selectVendasExternas(db: Db | Tx, { cliente, fim }: Leitura) {
  return queryRows<VendaExternaRow>(
    db,
    sql`select cliente_id, mes, valor::text as valor from ir_vendas_externas
        where ${doCliente(sql`cliente_id`, cliente)} and mes <= ${fim.slice(0, 7)}`,
  );
}

/**
 * The dividends paid in the months shown, per client, company (its name, as PROVENTOS shows it) and event: what
 * the R$ 50,000.00 notice adds up. JCP is withheld apart and never joins it.
 */
function selectDividendos(db: Db | Tx, { cliente, fim, dividendosDe }: Leitura) {
  return queryRows<DividendoRow>(
    db,
    sql`select o.cliente_id, coalesce(nullif(trim(a.empresa), ''), a.ticker) as empresa,
          coalesce(e.data_pagamento, e.data_ex)::text as data_pagamento,
          sum(pv.valor_bruto)::text as valor_bruto
        from proventos pv
        join operacoes o on o.id = pv.operacao_id
        join eventos_corporativos e on e.id = pv.evento_id
        join acoes a on a.id = e.acao_id
        where e.tipo = 'dividendo' and ${doCliente(sql`o.cliente_id`, cliente)}
          and coalesce(e.data_pagamento, e.data_ex) between ${dividendosDe} and ${fim}
        group by o.cliente_id, e.id, a.empresa, a.ticker`,
  );
}

function selectClientes(db: Db | Tx, { cliente }: Leitura) {
  return queryRows<ClienteIrRow>(
    db,
    sql`select id, nome, documento from clientes where ${doCliente(sql`id`, cliente)}
        order by nome nulls last, id`,
  );
}

/**
 * Every row the computation needs, in one read-only snapshot (an operation or an event changed between two of
 * the queries would otherwise be seen half). A client that does not exist reads no rows at all.
 */
export function readLinhasIr(db: Db, leitura: Leitura): Promise<LinhasIr> {
  return db.transaction(async (tx) => {
    await run(tx, sql`set transaction isolation level repeatable read, read only`);
    const clientes = await selectClientes(tx, leitura);
    if (clientes.length === 0) {
      return {
        clientes,
        operacoes: [],
        aplicacoes: [],
        eventos: [],
        saldos: [],
        vendasExternas: [],
        dividendos: [],
      };
    }
    return {
      clientes,
      operacoes: await selectOperacoes(tx, leitura),
      aplicacoes: await selectAplicacoes(tx, leitura),
      eventos: await selectEventos(tx, leitura),
      saldos: await selectSaldos(tx, leitura),
      vendasExternas: await selectVendasExternas(tx, leitura),
      dividendos: await selectDividendos(tx, leitura),
    };
  });
}
