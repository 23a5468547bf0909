import { podeSelecionar, type LinhaCompra } from './figures';

/**
 * The buy lote grid's derivations (pure): which rows the filters show, which of them a tick may change, and each
 * row's checks in words (the cell, its title and the export say the same).
 */

export type Mostrar = 'todos' | 'selecionados' | 'elegiveis' | 'nao_elegiveis';

export const MOSTRAR: Array<{ value: Mostrar; label: string }> = [
  { value: 'todos', label: 'Todos' },
  { value: 'selecionados', label: 'Selecionados' },
  { value: 'elegiveis', label: 'Elegíveis' },
  { value: 'nao_elegiveis', label: 'Não elegíveis' },
];

const filtros: Record<Mostrar, (l: LinhaCompra) => boolean> = {
  todos: () => true,
  selecionados: (l) => l.selecionado,
  elegiveis: (l) => l.item.elegivel,
  nao_elegiveis: (l) => !l.item.elegivel,
};

/** The rows of the filter, whose name has what was typed (any case, pt-BR). */
export function visiveis(linhas: readonly LinhaCompra[], nome: string, mostrar: Mostrar) {
  const busca = nome.trim().toLocaleLowerCase('pt-BR');
  return linhas.filter(
    (l) =>
      filtros[mostrar](l) && (!busca || l.item.nome.toLocaleLowerCase('pt-BR').includes(busca)),
  );
}

/** What 'Selecionar todos os visíveis' changes: the visible rows a tick may change, and whether all are ticked. */
export function selecaoDosVisiveis(linhas: readonly LinhaCompra[]) {
  const marcaveis = linhas.filter(podeSelecionar);
  return { marcaveis, todos: marcaveis.length > 0 && marcaveis.every((l) => l.selecionado) };
}

export const ALTERADA = 'Alterada: valide de novo';

type Validacoes = LinhaCompra['item']['validacoes'];
export const textoDaPerna = (v: Validacoes[number]) => (v.ok ? 'OK' : v.motivo || 'inválido');

/**
 * The checks of a row: each leg OK, its reason or 'inválido' (once when every leg says the same), then why the
 * default selection leaves the client out when the legs do not already say it (a terminal that cannot be asked,
 * an open position, no money).
 */
export function partesDaValidacao(linha: LinhaCompra) {
  const { validacoes, motivo } = linha.item;
  const iguais = validacoes.every((v) => textoDaPerna(v) === textoDaPerna(validacoes[0]!));
  const partes = iguais ? validacoes.slice(0, 1).map((v) => ({ ...v, symbol: '' })) : validacoes;
  const extra = motivo && !validacoes.some((v) => textoDaPerna(v) === motivo) ? motivo : null;
  return { partes, extra };
}

/** The row's checks as one text (the cell's title, the export): null when there are none. */
export function textoDaValidacao(linha: LinhaCompra): string | null {
  if (linha.alterada) return ALTERADA;
  const { partes, extra } = partesDaValidacao(linha);
  const textos = [
    ...partes.map((v) => `${v.symbol ? `${v.symbol}: ` : ''}${textoDaPerna(v)}`),
    extra,
  ].filter(Boolean);
  return textos.length ? textos.join(' · ') : null;
}

/** A quantity typed in a row's field, when it is one to apply: a whole number ≥ 0 other than the row's. */
export function quantidadeDigitada(texto: string, linha: LinhaCompra): number | null {
  const value = Math.trunc(Number(texto));
  return Number.isFinite(value) && value >= 0 && value !== linha.quantidade ? value : null;
}
