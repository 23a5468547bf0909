import { Decimal } from '../decimal';
import { formatInteger, formatMoney } from '../format';
import { sizeBuys, type Compra } from './compras';
import { compareOverweight, isOutsideBand, type Linha, type Situacao } from './desvios';
import { capToExemption, type Venda } from './isencao';
import type { Faixa, ModoRebalanceamento } from './tipos';

/** What a mode plans for one client, before it becomes the validar item. */
export interface Ordens {
  vendas: Venda[];
  compras: Compra[];
  avisos: string[];
  /** Why nothing is to be done, when the mode itself says so (all inside the band, no cash to deploy…). */
  nada: string | null;
}

export interface Regras {
  modo: ModoRebalanceamento;
  faixa: Faixa;
  valorMinimo: Decimal;
  /** Null when the exemption is not respected; else the month's stock sales already made. */
  jaVendido: Decimal | null;
}

const reais = (value: Decimal) =>
  formatMoney(Decimal.max(value, 0).toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber());

const valorDe = (linha: Linha, quantidade: number) => linha.preco.times(quantidade);

const atLeast = (linha: Linha, quantidade: number, valorMinimo: Decimal) =>
  quantidade > 0 && !valorDe(linha, quantidade).lessThan(valorMinimo);

/** Never more than the reconciliation lets be sold (book and terminal agree); an aviso when that bounds a sale. */
function sellable(linha: Linha, quantidade: number, avisos: string[]): number {
  if (quantidade <= linha.vendavel) return quantidade;
  avisos.push(
    linha.vendavel === 0
      ? `${linha.ticker}: nenhuma ação conciliada (livro e terminal) para vender.`
      : `${linha.ticker}: venda limitada a ${formatInteger(linha.vendavel)} ${linha.vendavel === 1 ? 'ação conciliada' : 'ações conciliadas'} (livro e terminal).`,
  );
  return linha.vendavel;
}

/** Sales back to target: ⌊(current − target) / price⌋ of each overweight line, within what may be sold. */
function salesToTarget(linhas: readonly Linha[], valorMinimo: Decimal, avisos: string[]): Venda[] {
  const vendas: Venda[] = [];
  for (const linha of linhas) {
    if (!linha.atual.greaterThan(linha.alvo)) continue;
    const inteira = linha.atual.minus(linha.alvo).dividedToIntegerBy(linha.preco).toNumber();
    const quantidade = inteira > 0 ? sellable(linha, inteira, avisos) : 0;
    if (atLeast(linha, quantidade, valorMinimo)) vendas.push({ linha, quantidade });
  }
  return vendas;
}

const deficitsOf = (linhas: readonly Linha[]) =>
  linhas
    .filter((l) => l.alvo.greaterThan(l.atual))
    .map((l) => ({ ticker: l.ticker, preco: l.preco, deficit: l.alvo.minus(l.atual) }));

const soldValue = (vendas: readonly Venda[]) =>
  vendas.reduce((s, v) => s.plus(valorDe(v.linha, v.quantidade)), new Decimal(0));

function applyExemption(vendas: Venda[], regras: Regras, avisos: string[]): Venda[] {
  if (regras.jaVendido === null) return vendas;
  const limitadas = capToExemption(vendas, regras.jaVendido, regras.valorMinimo);
  avisos.push(...limitadas.avisos);
  return limitadas.vendas;
}

/**
 * completo (every line) and faixas (the lines outside the band): sales and buys back to target. The buys are sized
 * on the cash after the planned sales, assuming their proceeds (the plumbing re-sizes them on what the sales
 * actually raised); when that cash cannot pay them all they share it in proportion to their deficits.
 */
function toTarget(situacao: Situacao, regras: Regras): Ordens {
  const avisos: string[] = [];
  const linhas =
    regras.modo === 'faixas'
      ? situacao.linhas.filter((l) => isOutsideBand(l.desvio, regras.faixa))
      : situacao.linhas;
  if (!linhas.length) {
    return {
      vendas: [],
      compras: [],
      avisos,
      nada: 'Nada a fazer: todos os ativos estão dentro da faixa.',
    };
  }
  const vendas = applyExemption(salesToTarget(linhas, regras.valorMinimo, avisos), regras, avisos);
  const verba = situacao.caixa.plus(soldValue(vendas));
  const { compras, reduzidas } = sizeBuys(deficitsOf(linhas), verba, regras.valorMinimo);
  if (reduzidas)
    avisos.push(`Compras limitadas ao caixa disponível depois das vendas (${reais(verba)}).`);
  return { vendas, compras, avisos, nada: null };
}

/** so_compra: no sales; the cash above caixa_alvo spread over the underweight lines by their deficits. */
function buyOnly(situacao: Situacao, regras: Regras): Ordens {
  const verba = situacao.caixa.minus(situacao.caixaAlvo);
  if (!verba.greaterThan(0)) {
    return {
      vendas: [],
      compras: [],
      avisos: [],
      nada: 'Nada a fazer: não há caixa acima do alvo para comprar.',
    };
  }
  const { compras } = sizeBuys(deficitsOf(situacao.linhas), verba, regras.valorMinimo);
  return { vendas: [], compras, avisos: [], nada: null };
}

/**
 * so_venda: sales until the cash reaches caixa_alvo, the most overweight line first, each at most back to its
 * target and never past the cash missing (⌊min(excess, missing) / price⌋: the cash goes up to the target, not
 * over it). A sale under `valor_minimo` is skipped and the next line tried.
 */
function sellOnly(situacao: Situacao, regras: Regras): Ordens {
  let falta = situacao.caixaAlvo.minus(situacao.caixa);
  if (!falta.greaterThan(0)) {
    return { vendas: [], compras: [], avisos: [], nada: 'Nada a fazer: o caixa já está no alvo.' };
  }
  const avisos: string[] = [];
  const vendas: Venda[] = [];
  const acima = situacao.linhas.filter((l) => l.atual.greaterThan(l.alvo)).sort(compareOverweight);
  for (const linha of acima) {
    const montante = Decimal.min(linha.atual.minus(linha.alvo), falta);
    const inteira = montante.dividedToIntegerBy(linha.preco).toNumber();
    const quantidade = inteira > 0 ? sellable(linha, inteira, avisos) : 0;
    if (!atLeast(linha, quantidade, regras.valorMinimo)) continue;
    vendas.push({ linha, quantidade });
    falta = falta.minus(valorDe(linha, quantidade));
    if (!falta.greaterThan(0)) break;
  }
  return { vendas: applyExemption(vendas, regras, avisos), compras: [], avisos, nada: null };
}

/** The orders of one measured client under the mode's rules. */
export function planOrders(situacao: Situacao, regras: Regras): Ordens {
  switch (regras.modo) {
    case 'so_compra':
      return buyOnly(situacao, regras);
    case 'so_venda':
      return sellOnly(situacao, regras);
    default:
      return toTarget(situacao, regras);
  }
}
