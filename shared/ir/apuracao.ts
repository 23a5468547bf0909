import { ultimoDiaDoMes, proximoMes } from './calendario';
import { closeMonth, emptyCarry, irrfAviso } from './fechamento';
import type { Carry } from './fechamento';
import { Dec, ZERO, brl } from './numeros';
import { Posicoes, tickerBase } from './posicoes';
import { Movimento, applySession } from './pregao';
import { dividendosAvisos } from './proventos';
import type { AvisoIr, EntradaIr, EventoIr, MesIrDetalhado, OperacaoIr, ProventoIr } from './tipos';
import { checkEntrada } from './validacao';

/**
 * The engine: a client's whole ledger read once, in date order, from the January of its first year to the end of
 * `ate`. Sorting is the only O(n log n) step; every month after it is a pass over its own trades. The result holds
 * every month's detail, so the year, the month and the DARF are lookups (consultas.ts).
 */
export interface ApuracaoIr {
  /** The last month computed, 'AAAA-MM'. */
  ate: string;
  meses: ReadonlyMap<string, MesIrDetalhado>;
}

interface Normalizada extends OperacaoIr {
  base: string;
}

const byDate = <T>(key: (t: T) => string) => {
  return (a: { v: T; i: number }, b: { v: T; i: number }) => {
    const ka = key(a.v);
    const kb = key(b.v);
    return ka < kb ? -1 : ka > kb ? 1 : a.i - b.i;
  };
};

/** Stable sort by a text key (dates, then ticker), keeping the given order of equal keys. */
function sortStable<T>(items: readonly T[], key: (t: T) => string): T[] {
  return items
    .map((v, i) => ({ v, i }))
    .sort(byDate(key))
    .map((x) => x.v);
}

function firstMonth(entrada: EntradaIr, operacoes: readonly Normalizada[], ate: string): string {
  const anos = [Number(ate.slice(0, 4))];
  if (operacoes.length > 0) anos.push(Number(operacoes[0]!.data.slice(0, 4)));
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

/** Computes every month from the first year with data through `ate` ('AAAA-MM'). */
export function apurarIr(entrada: EntradaIr, ate: string): ApuracaoIr {
  checkEntrada(entrada, ate);
  const fim = ultimoDiaDoMes(ate);
  const operacoes = sortStable(
    entrada.operacoes
      .filter((o) => o.data <= fim)
      .map((o): Normalizada => ({ ...o, base: tickerBase(o.ticker) })),
    (o) => `${o.data}|${o.base}`,
  );
  const eventos = sortStable(entrada.eventos ?? [], (e) => e.data_ex);
  const proventos = groupByMonth(entrada.proventos ?? []);
  const posicoes = new Posicoes();
  const meses = new Map<string, MesIrDetalhado>();
  let carry = emptyCarry();
  let op = 0;
  let ev = 0;
  const applyEventos = (ate: string, avisos: AvisoIr[]) => {
    for (; ev < eventos.length && eventos[ev]!.data_ex <= ate; ev++) {
      const e: EventoIr = eventos[ev]!;
      avisos.push(...posicoes.applyEvento(e, tickerBase(e.ticker)));
    }
  };
  for (let mes = firstMonth(entrada, operacoes, ate); mes <= ate; mes = proximoMes(mes)) {
    const avisos: AvisoIr[] = [];
    if (mes.endsWith('-01')) carry = openYear(entrada, mes, carry, avisos);
    const mov = new Movimento();
    while (op < operacoes.length && operacoes[op]!.data.slice(0, 7) === mes) {
      const dia = operacoes[op]!.data;
      applyEventos(dia, avisos);
      while (op < operacoes.length && operacoes[op]!.data === dia) {
        const base = operacoes[op]!.base;
        const sessao: Normalizada[] = [];
        for (
          ;
          op < operacoes.length && operacoes[op]!.data === dia && operacoes[op]!.base === base;
          op++
        ) {
          sessao.push(operacoes[op]!);
        }
        applySession(base, sessao, posicoes, mov);
      }
      mov.closeSession();
    }
    applyEventos(ultimoDiaDoMes(mes), avisos);
    avisos.push(...dividendosAvisos(proventos.get(mes) ?? [], mes));
    const externas = new Dec(entrada.vendasExternas?.[mes] ?? 0);
    if (externas.greaterThan(0)) {
      avisos.push({
        codigo: 'vendas_externas',
        mensagem: `Vendas de ações em outras corretoras informadas: ${brl(externas)} (contam no limite de R$ 20.000,00).`,
      });
    }
    const fechado = closeMonth(mes, mov, externas, carry, avisos);
    const detalhe: MesIrDetalhado = { ...fechado.mes, posicoes: posicoes.snapshot() };
    carry = fechado.carry;
    closeYear(detalhe, carry);
    meses.set(mes, detalhe);
  }
  return { ate, meses };
}
