import type { ClienteStatus, Execucao, LoteVendaRequest, PosicaoPainel } from '../../../contract';
import { Decimal } from '../../../shared/decimal';
import { formatInteger } from '../../../shared/format';
import { somaExata } from '../../../shared/lotes';
import { motivoForaDoLote, quantidadeDoPercentual } from '../../../shared/venda-parcial';
import type { AcaoOpcao } from '../../components/form';

/**
 * The sale lote's state (pure): the stocks someone holds open, who sells (everyone who holds the chosen one,
 * unless unticked), the totals, and the lote Enviar venda sends.
 */

/** What the form holds: the stock, execução, the limit price and the share of each operation sold (issue 34). */
export interface VendaLoteValores {
  acao: string;
  execucao: Execucao;
  preco?: number | undefined;
  /** 1 to 100; null while emptied (the schema says why). */
  percentual?: number | null | undefined;
}

/** The form's percentual when it is one the lote can take, else all (100). */
export const percentualDe = (p: number | null | undefined): number =>
  typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= 100 ? p : 100;

/** What the lote sells of a position at `percentual`: rounded down to whole shares, as the server does. */
const vender = (p: PosicaoPainel, percentual: number) =>
  quantidadeDoPercentual(p.quantidade ?? 0, percentual);

/** The ticked operations the percentual leaves with no whole share: not sent, with why. */
export function foraDoPercentual(
  selecionadas: readonly PosicaoPainel[],
  percentual: number,
): Array<{ id: number; cliente: string; motivo: string }> {
  return selecionadas
    .filter((p) => vender(p, percentual) === 0)
    .map((p) => ({
      id: p.id,
      cliente: p.cliente,
      motivo: motivoForaDoLote(p.quantidade ?? 0, percentual),
    }));
}

const collator = new Intl.Collator('pt-BR');

/** Each stock held open, in order, with how many operations: 'ABEV3 (2 operações)'. */
export function acoesEmAberto(posicoes: readonly PosicaoPainel[]): AcaoOpcao[] {
  const count = new Map<string, number>();
  for (const p of posicoes) count.set(p.acao, (count.get(p.acao) ?? 0) + 1);
  return [...count]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([acao, n]) => ({
      value: acao,
      label: `${acao} (${formatInteger(n)} ${n === 1 ? 'operação' : 'operações'})`,
    }));
}

/** The operations the operator unticked, for one stock: choosing another starts with the default ticks again. */
export interface Fora {
  acao: string;
  ids: ReadonlySet<number>;
}

const NENHUMA: ReadonlySet<number> = new Set();

/**
 * Who is unticked for `acao`: the operator's choice, or until the operator ticks or unticks anyone, `padrao` (the
 * operations whose client's terminal is not online, issue 34).
 */
export const foraDe = (fora: Fora, acao: string, padrao: ReadonlySet<number> = NENHUMA) =>
  fora.acao === acao ? fora.ids : padrao;

/** Ticks (`vende`) or unticks operations of `acao`, from what is shown (the default ticks until then). */
export function alternar(
  fora: Fora,
  acao: string,
  ids: number[],
  vende: boolean,
  padrao: ReadonlySet<number> = NENHUMA,
): Fora {
  const next = new Set(foraDe(fora, acao, padrao));
  for (const id of ids) {
    if (vende) next.delete(id);
    else next.add(id);
  }
  return { acao, ids: next };
}

/** The operations of `acao` that sell: all of them but the unticked. */
export const selecionadasDe = (
  posicoes: readonly PosicaoPainel[],
  fora: Fora,
  acao: string,
  padrao: ReadonlySet<number> = NENHUMA,
) => posicoes.filter((p) => p.acao === acao && !foraDe(fora, acao, padrao).has(p.id));

/**
 * A client's terminal by its name (the panel's rows name the client, not its id): its last measured status; a
 * name two clients share tells nothing (undefined), nor does a client not measured yet.
 */
export function terminaisPorNome(
  clientes: ReadonlyArray<{ id: number; nome: string | null }>,
  status: readonly ClienteStatus[],
): ReadonlyMap<string, ClienteStatus> {
  const porId = new Map(status.map((s) => [s.id, s]));
  const vistos = new Map<string, ClienteStatus | null>();
  for (const c of clientes) {
    if (c.nome === null) continue;
    vistos.set(c.nome, vistos.has(c.nome) ? null : (porId.get(c.id) ?? null));
  }
  return new Map([...vistos].filter((e): e is [string, ClienteStatus] => e[1] !== null));
}

/** The operations left unticked at first: those whose client's terminal was last seen not online. */
export const foraPorPadrao = (
  operacoes: readonly PosicaoPainel[],
  terminais: ReadonlyMap<string, ClienteStatus>,
): ReadonlySet<number> =>
  new Set(
    operacoes
      .filter((p) => {
        const t = terminais.get(p.cliente);
        return t !== undefined && t.status !== 'online';
      })
      .map((p) => p.id),
  );

/** (preço atual − preço de compra) × quantidade, to the cent; nothing without a quote. */
export function resultado(p: PosicaoPainel): number | null {
  if (p.preco_atual === null || p.preco_compra === null || p.quantidade === null) return null;
  return new Decimal(p.preco_atual)
    .minus(p.preco_compra)
    .times(p.quantidade)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toNumber();
}

const aPrecoAtual = (p: PosicaoPainel, percentual: number) =>
  p.preco_atual === null || p.quantidade === null
    ? null
    : new Decimal(p.preco_atual).times(vender(p, percentual)).toDecimalPlaces(2).toNumber();

export interface TotaisVenda {
  operacoes: number;
  acoes: number;
  /** At today's prices. */
  valor: number;
  clientes: number;
}

/** What the ticked operations sell at `percentual` (default all), those left with no whole share apart. */
export function totaisVenda(selecionadas: readonly PosicaoPainel[], percentual = 100): TotaisVenda {
  const vendem = selecionadas.filter((p) => vender(p, percentual) > 0);
  return {
    operacoes: vendem.length,
    acoes: vendem.reduce((sum, p) => sum + vender(p, percentual), 0),
    valor: somaExata(vendem.map((p) => aPrecoAtual(p, percentual))),
    clientes: new Set(vendem.map((p) => p.cliente)).size,
  };
}

/** The sale of every ticked operation (whole unless a percentual is given); the price only for limite. */
export function vendaBody(
  values: Partial<VendaLoteValores>,
  selecionadas: readonly PosicaoPainel[],
): LoteVendaRequest {
  return {
    execucao: values.execucao ?? 'mercado',
    ...(values.execucao === 'limite' ? { preco: values.preco as number } : {}),
    // All is the default: the body names a percentual only below 100 (or an invalid one, for the schema to refuse).
    ...(values.percentual !== 100 && values.percentual !== undefined
      ? { percentual: values.percentual as number }
      : {}),
    operacoes: selecionadas.map((p) => p.id),
  };
}
