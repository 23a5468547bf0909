import type { Leg, LoteItemStatus, LoteItemValidacao, LoteStatus } from '../../../contract';
import { formatInteger } from '../../../shared/format';
import { splitLegs } from '../../../shared/legs';
import { somaExata, valorEstimado } from '../../../shared/lotes';

/** A count with its noun: '1 cliente', '2 clientes'. */
export const contagem = (n: number, singular: string, plural: string) =>
  `${formatInteger(n)} ${n === 1 ? singular : plural}`;

/** One client of the buy grid: what the server validated, what the operator ticked or typed over it. */
export interface LinhaCompra {
  item: LoteItemValidacao;
  selecionado: boolean;
  /** The quantity the grid shows: the validated one, or the operator's. */
  quantidade: number;
  /** Typed over the validated quantity: its legs are not checked until Validar runs again. */
  alterada: boolean;
}

export const novaLinha = (item: LoteItemValidacao): LinhaCompra => ({
  item,
  selecionado: item.elegivel,
  quantidade: item.quantidade,
  alterada: false,
});

/** The legs a row would send: the validated ones, or those of the typed quantity. */
export function pernasDe(linha: LinhaCompra, ticker: string): Leg[] {
  return linha.alterada ? splitLegs(ticker, linha.quantidade) : linha.item.legs_sugeridas;
}

/** A row may be ticked when its terminal accepted every leg of what it shows (or it was typed, to re-check). */
export function podeSelecionar(linha: LinhaCompra): boolean {
  if (linha.alterada) return linha.quantidade > 0;
  const { legs_sugeridas, validacoes } = linha.item;
  return legs_sugeridas.length > 0 && validacoes.length > 0 && validacoes.every((v) => v.ok);
}

export function valorDaLinha(linha: LinhaCompra): number | null {
  const preco = linha.item.preco_referencia;
  return preco === null || linha.quantidade <= 0 ? null : valorEstimado(linha.quantidade, preco);
}

export interface Totais {
  clientes: number;
  acoes: number;
  valor: number;
}

export function totaisCompra(linhas: readonly LinhaCompra[]): Totais {
  const selecionadas = linhas.filter((l) => l.selecionado);
  return {
    clientes: selecionadas.length,
    acoes: selecionadas.reduce((sum, l) => sum + l.quantidade, 0),
    valor: somaExata(selecionadas.map(valorDaLinha)),
  };
}

/** One order of a lote, as the operator reads it. */
export type Situacao =
  'executada' | 'parcial' | 'falhou' | 'em_verificacao' | 'executando' | 'enviada';

export const SITUACAO_LABEL: Record<Situacao, string> = {
  executada: 'Executada',
  parcial: 'Executada em parte',
  falhou: 'Falhou',
  em_verificacao: 'Em verificação',
  executando: 'Executando',
  enviada: 'Enviada',
};

const executadas = (item: LoteItemStatus) =>
  item.summary.reduce((sum, l) => sum + l.volume_exec, 0);

export function situacao(item: LoteItemStatus): Situacao {
  if (item.executed_all) return 'executada';
  if (item.finished) return executadas(item) > 0 ? 'parcial' : 'falhou';
  if (item.aviso) return 'em_verificacao';
  return executadas(item) > 0 ? 'executando' : 'enviada';
}

export interface Resumo {
  executadas: number;
  parciais: number;
  falhas: number;
  emAndamento: number;
}

export function resumoLote(status: LoteStatus): Resumo {
  const count = (s: Situacao[]) => status.itens.filter((i) => s.includes(situacao(i))).length;
  return {
    executadas: count(['executada']),
    parciais: count(['parcial']),
    falhas: count(['falhou']),
    emAndamento: count(['em_verificacao', 'executando', 'enviada']),
  };
}

/** The orders that ended with nothing filled: the ones a re-send orders again. */
export const falhas = (status: LoteStatus) => status.itens.filter((i) => situacao(i) === 'falhou');

const DATA_HORA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '2025-10-29T13:05:00Z' → '29/10/2025 10:05' (São Paulo). */
export const formatDataHora = (iso: string) => DATA_HORA.format(new Date(iso)).replace(',', '');
