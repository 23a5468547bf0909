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

function requireDecimal(campo: string, valor: unknown, positivo = false): void {
  if (typeof valor !== 'string' || !DECIMAL.test(valor)) {
    throw new ErroEntradaIr(campo, 'informe um valor decimal maior ou igual a zero, como texto.');
  }
  if (positivo && Number(valor) <= 0) throw new ErroEntradaIr(campo, 'deve ser maior que zero.');
}

/** Dates already seen valid: a ledger has many trades a day, and a Date per trade is most of the check's time. */
const datasValidas = new Set<string>();

function requireData(campo: string, valor: unknown): void {
  if (typeof valor === 'string' && datasValidas.has(valor)) return;
  if (typeof valor !== 'string' || !isRealDate(valor)) {
    throw new ErroEntradaIr(campo, 'informe uma data válida (AAAA-MM-DD).');
  }
  if (datasValidas.size > 100_000) datasValidas.clear();
  datasValidas.add(valor);
}

function checkOperacao(o: OperacaoIr, i: number): void {
  const campo = `operacoes[${i}] (id ${String(o.id)})`;
  requireData(`${campo}.data`, o.data);
  if (typeof o.ticker !== 'string' || o.ticker.trim() === '') {
    throw new ErroEntradaIr(`${campo}.ticker`, 'informe o ticker.');
  }
  if (!(CLASSES as readonly string[]).includes(o.classe)) {
    throw new ErroEntradaIr(`${campo}.classe`, `use uma de ${CLASSES.join(', ')}.`);
  }
  if (o.lado !== 'compra' && o.lado !== 'venda') {
    throw new ErroEntradaIr(`${campo}.lado`, "use 'compra' ou 'venda'.");
  }
  if (!Number.isSafeInteger(o.quantidade) || o.quantidade <= 0) {
    throw new ErroEntradaIr(`${campo}.quantidade`, 'informe um inteiro maior que zero.');
  }
  requireDecimal(`${campo}.preco`, o.preco);
  if (o.custos !== undefined && o.custos !== null) requireDecimal(`${campo}.custos`, o.custos);
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
