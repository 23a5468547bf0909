import { ultimoDiaDoMes, proximoMes } from './calendario';
import { closeMonth, emptyCarry, irrfAviso } from './fechamento';
import type { Carry, Fechamento } from './fechamento';
import { Dec, ZERO, brl } from './numeros';
import { Posicoes, tickerBase } from './posicoes';
import { Movimento, applySession } from './pregao';
import { dividendosAvisos } from './proventos';
import type {
  AvisoIr,
  EntradaIr,
  EventoIr,
  MesIrDetalhado,
  OperacaoIr,
  PosicaoIr,
  ProventoIr,
} from './tipos';
import { ErroEntradaIr, checkEntrada, isMes } from './validacao';

/**
 * The engine: a client's whole ledger read once, in date order, from the January of its first year to the end of
 * `ate`. Sorting is the only O(n log n) step; every month after it is a pass over its own trades. The result holds
 * every month's detail, so the year, the month and the DARF are lookups (consultas.ts).
 */
export interface ApuracaoIr {
  /** The last month computed, 'AAAA-MM'. */
  ate: string;
  /** Each month kept in detail (from `desde`, when asked, through `ate`). */
  meses: ReadonlyMap<string, MesIrDetalhado>;
}

/** One asset's trades of one day: the unit the day-trade rule works on. */
interface Sessao {
  data: string;
  mes: string;
  base: string;
  ops: OperacaoIr[];
}

/**
 * The trades up to `fim` in sessions, by date then asset, each session's trades in the order given. Keys are made
 * once per trade (the base ticker memoised per symbol), so sorting compares plain strings.
 */
function sessionsOf(operacoes: readonly OperacaoIr[], fim: string): Sessao[] {
  const bases = new Map<string, string>();
  const chaves: Array<{ o: OperacaoIr; base: string; i: number }> = [];
  operacoes.forEach((o, i) => {
    if (o.data > fim) return;
    let base = bases.get(o.ticker);
    if (base === undefined) {
      base = tickerBase(o.ticker);
      bases.set(o.ticker, base);
    }
    chaves.push({ o, base, i });
  });
  chaves.sort((a, b) => {
    if (a.o.data !== b.o.data) return a.o.data < b.o.data ? -1 : 1;
    if (a.base !== b.base) return a.base < b.base ? -1 : 1;
    return a.i - b.i;
  });
  const sessoes: Sessao[] = [];
  let atual: Sessao | null = null;
  for (const { o, base } of chaves) {
    if (!atual || atual.data !== o.data || atual.base !== base) {
      atual = { data: o.data, mes: o.data.slice(0, 7), base, ops: [] };
      sessoes.push(atual);
    }
    atual.ops.push(o);
  }
  return sessoes;
}

function firstMonth(entrada: EntradaIr, sessoes: readonly Sessao[], ate: string): string {
  const anos = [Number(ate.slice(0, 4))];
  if (sessoes.length > 0) anos.push(Number(sessoes[0]!.mes.slice(0, 4)));
  for (const ano of Object.keys(entrada.saldosIniciais ?? {})) anos.push(Number(ano));
  for (const mes of Object.keys(entrada.vendasExternas ?? {})) anos.push(Number(mes.slice(0, 4)));
  return `${Math.min(...anos)}-01`;
}

const groupByMonth = (proventos: readonly ProventoIr[]) => {
  const m = new Map<string, ProventoIr[]>();
  for (const p of proventos) {
    const mes = p.data_pagamento.slice(0, 7);
    const lista = m.get(mes);
    if (lista) lista.push(p);
    else m.set(mes, [p]);
  }
  return m;
};

/** January: the withholding left from last year is gone (to the annual return); a typed opening replaces all. */
function openYear(entrada: EntradaIr, mes: string, antes: Carry, avisos: AvisoIr[]): Carry {
  const ano = Number(mes.slice(0, 4));
  const saldo = entrada.saldosIniciais?.[ano];
  if (!saldo) return { ...antes, irrf: ZERO };
  avisos.push({
    codigo: 'saldo_inicial',
    mensagem:
      `Saldos de abertura de ${ano} informados: prejuízos de ${brl(saldo.prejuizo_comum)} (comum), ` +
      `${brl(saldo.prejuizo_day_trade)} (day trade) e ${brl(saldo.prejuizo_fii)} (FII); ` +
      `IRRF a compensar de ${brl(saldo.irrf_a_compensar)}.`,
  });
  return {
    ...antes,
    prejuizo: {
      comum: new Dec(saldo.prejuizo_comum),
      day_trade: new Dec(saldo.prejuizo_day_trade),
      fii: new Dec(saldo.prejuizo_fii),
    },
    irrf: new Dec(saldo.irrf_a_compensar),
  };
}

/** December's avisos: withholding left for the annual return, tax under R$ 10.00 passing to next year. */
function closeYear(m: MesIrDetalhado, carry: Carry): void {
  if (!m.mes.endsWith('-12')) return;
  if (carry.irrf.greaterThan(0)) m.avisos.push(irrfAviso(carry.irrf, m.mes.slice(0, 4)));
  if (carry.pendente.greaterThan(0)) {
    m.avisos.push({
      codigo: 'imposto_abaixo_de_10_no_fim_do_ano',
      mensagem: `${brl(carry.pendente)} de imposto abaixo do mínimo do DARF (R$ 10,00) passam para ${Number(m.mes.slice(0, 4)) + 1}.`,
    });
  }
}

/**
 * The month's detail with its positions read on demand (an enumerable property: spreading, comparing and
 * serialising the detail see it as any other field; assigning it replaces it).
 */
function withPosicoes(mes: Fechamento['mes'], posicoes: () => PosicaoIr[]): MesIrDetalhado {
  let valor: PosicaoIr[] | null = null;
  return Object.defineProperty(mes, 'posicoes', {
    enumerable: true,
    configurable: true,
    get: () => (valor ??= posicoes()),
    set: (v: PosicaoIr[]) => (valor = v),
  }) as MesIrDetalhado;
}

/**
 * Computes every month from the first year with data through `ate` ('AAAA-MM'), and keeps the detail of those
 * from `desde` on (default: every one): the months before are closed for their carries only, which is most of the
 * work a long ledger saves when one month or one year is asked.
 */
export function apurarIr(entrada: EntradaIr, ate: string, desde?: string): ApuracaoIr {
  checkEntrada(entrada, ate);
  if (desde !== undefined && !isMes(desde))
    throw new ErroEntradaIr('desde', 'informe um mês (AAAA-MM).');
  const fim = ultimoDiaDoMes(ate);
  const sessoes = sessionsOf(entrada.operacoes, fim);
  const eventos = (entrada.eventos ?? [])
    .map((e, i) => ({ e, i }))
    .sort((a, b) =>
      a.e.data_ex !== b.e.data_ex ? (a.e.data_ex < b.e.data_ex ? -1 : 1) : a.i - b.i,
    )
    .map((x) => x.e);
  const proventos = groupByMonth(entrada.proventos ?? []);
  const posicoes = new Posicoes();
  const meses = new Map<string, MesIrDetalhado>();
  let carry = emptyCarry();
  let s = 0;
  let ev = 0;
  const applyEventos = (ate: string, avisos: AvisoIr[]) => {
    for (; ev < eventos.length && eventos[ev]!.data_ex <= ate; ev++) {
      const e: EventoIr = eventos[ev]!;
      avisos.push(...posicoes.applyEvento(e, tickerBase(e.ticker)));
    }
  };
  for (let mes = firstMonth(entrada, sessoes, ate); mes <= ate; mes = proximoMes(mes)) {
    const avisos: AvisoIr[] = [];
    if (mes.endsWith('-01')) carry = openYear(entrada, mes, carry, avisos);
    const mov = new Movimento();
    for (; s < sessoes.length && sessoes[s]!.mes === mes; s++) {
      const sessao = sessoes[s]!;
      applyEventos(sessao.data, avisos);
      applySession(sessao.base, sessao.ops, posicoes, mov);
      // The day's last asset: its day-trade withholding is complete.
      if (sessoes[s + 1]?.data !== sessao.data) mov.closeSession();
    }
    applyEventos(ultimoDiaDoMes(mes), avisos);
    avisos.push(...dividendosAvisos(proventos.get(mes) ?? [], mes));
    const declaradas = entrada.vendasExternas?.[mes];
    const externas = declaradas ? new Dec(declaradas) : ZERO;
    if (externas.greaterThan(0)) {
      avisos.push({
        codigo: 'vendas_externas',
        mensagem: `Vendas de ações em outras corretoras informadas: ${brl(externas)} (contam no limite de R$ 20.000,00).`,
      });
    }
    const fechado = closeMonth(mes, mov, externas, carry, avisos, !desde || mes >= desde);
    carry = fechado.carry;
    if (fechado.mes) {
      const detalhe = withPosicoes(fechado.mes, posicoes.snapshot());
      closeYear(detalhe, carry);
      meses.set(mes, detalhe);
    }
  }
  return { ate, meses };
}
