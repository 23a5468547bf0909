import { ultimoDiaDoMes, proximoMes } from './calendario';
import { closeMonth, emptyCarry, irrfAviso } from './fechamento';
import type { Carry, Fechamento } from './fechamento';
import { brl, dinheiro } from './numeros';
import { Posicoes, tickerBase } from './posicoes';
import { Movimento, applySession } from './pregao';
import { sessionsOf, type Sessao } from './sessoes';
import { dividendosAvisos } from './proventos';
import type { AvisoIr, EntradaIr, EventoIr, MesIrDetalhado, PosicaoIr, ProventoIr } from './tipos';
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

function firstMonth(entrada: EntradaIr, sessoes: readonly Sessao[], ate: string): string {
  const anos = [Number(ate.slice(0, 4))];
  if (sessoes.length > 0) anos.push(Number(sessoes[0]!.data.slice(0, 4)));
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
  if (!saldo) return { ...antes, irrf: 0n };
  const prejuizo = {
    comum: dinheiro(saldo.prejuizo_comum),
    day_trade: dinheiro(saldo.prejuizo_day_trade),
    fii: dinheiro(saldo.prejuizo_fii),
  };
  const irrf = dinheiro(saldo.irrf_a_compensar);
  avisos.push({
    codigo: 'saldo_inicial',
    mensagem:
      `Saldos de abertura de ${ano} informados: prejuízos de ${brl(prejuizo.comum)} (comum), ` +
      `${brl(prejuizo.day_trade)} (day trade) e ${brl(prejuizo.fii)} (FII); ` +
      `IRRF a compensar de ${brl(irrf)}.`,
  });
  return { ...antes, prejuizo, irrf };
}

/** December's avisos: withholding left for the annual return, tax under R$ 10.00 passing to next year. */
function closeYear(m: MesIrDetalhado, carry: Carry): void {
  if (!m.mes.endsWith('-12')) return;
  if (carry.irrf > 0n) m.avisos.push(irrfAviso(carry.irrf, m.mes.slice(0, 4)));
  if (carry.pendente > 0n) {
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
    for (; s < sessoes.length && sessoes[s]!.data.startsWith(mes); s++) {
      const sessao = sessoes[s]!;
      applyEventos(sessao.data, avisos);
      applySession(sessao.base, sessao.ops, posicoes, mov);
      // The day's last asset: its day-trade withholding is complete.
      if (sessoes[s + 1]?.data !== sessao.data) mov.closeSession();
    }
    applyEventos(ultimoDiaDoMes(mes), avisos);
    avisos.push(...dividendosAvisos(proventos.get(mes) ?? [], mes));
    const declaradas = entrada.vendasExternas?.[mes];
    const externas = declaradas ? dinheiro(declaradas) : 0n;
    if (externas > 0n) {
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
