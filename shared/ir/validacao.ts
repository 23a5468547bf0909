import { isRealDate } from '../dates';
import { CLASSES, TIPOS_EVENTO_IR } from './tipos';
import type { EntradaIr, EventoIr, OperacaoIr } from './tipos';

/**
 * The engine's own guard: the API validates its input with the contract first, so reaching one of these errors is
 * a defect in the caller (a 500, not a 4xx). Each names what is wrong, in Portuguese, for the log.
 */
export class ErroEntradaIr extends Error {
  constructor(
    readonly campo: string,
    mensagem: string,
  ) {
    super(`${campo}: ${mensagem}`);
    this.name = 'ErroEntradaIr';
  }
}

const DECIMAL = /^\d{1,15}(?:\.\d{1,12})?$/;
const MES = /^\d{4}-(?:0[1-9]|1[0-2])$/;

export const isMes = (mes: string) => MES.test(mes);

const isDecimal = (valor: unknown): valor is string =>
  typeof valor === 'string' && DECIMAL.test(valor);

const MENSAGEM_DECIMAL = 'informe um valor decimal maior ou igual a zero, como texto.';
const MENSAGEM_DATA = 'informe uma data válida (AAAA-MM-DD).';

function requireDecimal(campo: string, valor: unknown, positivo = false): void {
  if (!isDecimal(valor)) throw new ErroEntradaIr(campo, MENSAGEM_DECIMAL);
  if (positivo && Number(valor) <= 0) throw new ErroEntradaIr(campo, 'deve ser maior que zero.');
}

/** Dates already seen valid: a ledger has many trades a day, and a Date per trade is most of the check's time. */
const datasValidas = new Set<string>();

/** The last date found valid: a ledger in date order has runs of the same date. */
let ultimaValida: string | undefined;

const POSICOES_DIGITOS = [0, 1, 2, 3, 5, 6, 8, 9];

/** 'AAAA-MM-DD' with a month 01–12 and a day 01–28: real whatever the year, told from its characters alone. */
function isDiaComum(v: string): boolean {
  if (v.length !== 10 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return false;
  for (const i of POSICOES_DIGITOS) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  const mes = (v.charCodeAt(5) - 48) * 10 + v.charCodeAt(6) - 48;
  const dia = (v.charCodeAt(8) - 48) * 10 + v.charCodeAt(9) - 48;
  return mes >= 1 && mes <= 12 && dia >= 1 && dia <= 28;
}
function isData(valor: unknown): boolean {
  if (typeof valor !== 'string') return false;
  if (valor === ultimaValida || isDiaComum(valor)) return true;
  // The 29th to the 31st: the calendar says (each date once).
  if (!datasValidas.has(valor)) {
    if (!isRealDate(valor)) return false;
    if (datasValidas.size > 100_000) datasValidas.clear();
    datasValidas.add(valor);
  }
  ultimaValida = valor;
  return true;
}

function requireData(campo: string, valor: unknown): void {
  if (!isData(valor)) throw new ErroEntradaIr(campo, MENSAGEM_DATA);
}

/** An operation's error, its field named by position and id (built only when there is one: the check runs per trade). */
const erroOperacao = (o: OperacaoIr, i: number, parte: string, mensagem: string) =>
  new ErroEntradaIr(`operacoes[${i}] (id ${String(o.id)}).${parte}`, mensagem);

function checkOperacao(o: OperacaoIr, i: number): void {
  if (!isData(o.data)) throw erroOperacao(o, i, 'data', MENSAGEM_DATA);
  if (typeof o.ticker !== 'string' || o.ticker.trim() === '') {
    throw erroOperacao(o, i, 'ticker', 'informe o ticker.');
  }
  if (!(CLASSES as readonly string[]).includes(o.classe)) {
    throw erroOperacao(o, i, 'classe', `use uma de ${CLASSES.join(', ')}.`);
  }
  if (o.lado !== 'compra' && o.lado !== 'venda') {
    throw erroOperacao(o, i, 'lado', "use 'compra' ou 'venda'.");
  }
  if (!Number.isSafeInteger(o.quantidade) || o.quantidade <= 0) {
    throw erroOperacao(o, i, 'quantidade', 'informe um inteiro maior que zero.');
  }
  if (!isDecimal(o.preco)) throw erroOperacao(o, i, 'preco', MENSAGEM_DECIMAL);
  if (o.custos !== undefined && o.custos !== null && !isDecimal(o.custos)) {
    throw erroOperacao(o, i, 'custos', MENSAGEM_DECIMAL);
  }
}

const FATOR_DO_TIPO: Record<EventoIr['tipo'], (f: number) => boolean> = {
  desdobramento: (f) => f > 1,
  grupamento: (f) => f < 1,
  bonificacao: (f) => f > 1,
};

function checkEvento(e: EventoIr, i: number): void {
  const campo = `eventos[${i}]`;
  if (!(TIPOS_EVENTO_IR as readonly string[]).includes(e.tipo)) {
    throw new ErroEntradaIr(`${campo}.tipo`, `use um de ${TIPOS_EVENTO_IR.join(', ')}.`);
  }
  requireData(`${campo}.data_ex`, e.data_ex);
  requireDecimal(`${campo}.fator`, e.fator, true);
  if (!FATOR_DO_TIPO[e.tipo](Number(e.fator))) {
    throw new ErroEntradaIr(`${campo}.fator`, `fator ${e.fator} não combina com ${e.tipo}.`);
  }
  if (e.custo_atribuido !== undefined && e.custo_atribuido !== null) {
    requireDecimal(`${campo}.custo_atribuido`, e.custo_atribuido);
  }
}

/** Throws ErroEntradaIr at the first thing the engine cannot compute with. */
export function checkEntrada(entrada: EntradaIr, ate: string): void {
  if (!isMes(ate)) throw new ErroEntradaIr('ate', 'informe um mês (AAAA-MM).');
  entrada.operacoes.forEach(checkOperacao);
  (entrada.eventos ?? []).forEach(checkEvento);
  for (const [ano, s] of Object.entries(entrada.saldosIniciais ?? {})) {
    if (!/^\d{4}$/.test(ano)) throw new ErroEntradaIr('saldosIniciais', `ano inválido: ${ano}.`);
    for (const k of ['prejuizo_comum', 'prejuizo_day_trade', 'prejuizo_fii', 'irrf_a_compensar']) {
      requireDecimal(`saldosIniciais[${ano}].${k}`, (s as unknown as Record<string, unknown>)[k]);
    }
  }
  for (const [mes, valor] of Object.entries(entrada.vendasExternas ?? {})) {
    if (!isMes(mes)) throw new ErroEntradaIr('vendasExternas', `mês inválido: ${mes}.`);
    requireDecimal(`vendasExternas[${mes}]`, valor);
  }
  (entrada.proventos ?? []).forEach((p, i) => {
    requireData(`proventos[${i}].data_pagamento`, p.data_pagamento);
    requireDecimal(`proventos[${i}].valor_bruto`, p.valor_bruto);
  });
}
