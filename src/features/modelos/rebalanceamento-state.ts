import type { Modelo, PlanoCliente, RebalancearValidar } from '../../../contract';
import { formatInteger, formatNumber } from '../../../shared/format';
import { heatMap, type CelulaMapa } from '../../../shared/rebalanceamento';

/**
 * The rebalance screen's state (pure, issue 33): the options Validar asks with, the heat map of drift
 * (shared/rebalanceamento's, the cells graded for colour), each client's orders, who is left out and why, the
 * warnings, and the plan Enviar sends back.
 */

export type Modo = RebalancearValidar['modo'];

/** A count with its noun: '1 cliente', '2 clientes'. */
export const contagem = (n: number, singular: string, plural: string) =>
  `${formatInteger(n)} ${n === 1 ? singular : plural}`;

export const MODOS: ReadonlyArray<{ value: Modo; label: string }> = [
  { value: 'completo', label: 'Completo' },
  { value: 'faixas', label: 'Só fora da faixa' },
  { value: 'so_compra', label: 'Só compras' },
  { value: 'so_venda', label: 'Só vendas' },
];

/** What the options' form holds. */
export interface OpcoesValores {
  modo: Modo;
  valor_minimo: number | null | undefined;
  respeitar_isencao: boolean;
}

export const OPCOES_INICIAIS: OpcoesValores = {
  modo: 'completo',
  valor_minimo: 100,
  respeitar_isencao: true,
};

/** Validar's body: every client of the model; an emptied valor mínimo is the server's default. */
export function validateBody(v: OpcoesValores): RebalancearValidar {
  return {
    modo: v.modo,
    ...(v.valor_minimo === null || v.valor_minimo === undefined
      ? {}
      : { valor_minimo: v.valor_minimo }),
    respeitar_isencao: v.respeitar_isencao,
  };
}

/**
 * How strongly a cell is coloured, and which way: `acima` overweight (sells), `abaixo` underweight (buys); 0 within
 * the band, 1 outside it, 2 beyond twice the band (or held outside the model).
 */
export interface Tom {
  lado: 'acima' | 'abaixo' | 'neutro';
  nivel: 0 | 1 | 2;
}

export function tomDe(celula: CelulaMapa, faixa: Modelo['faixa']): Tom {
  if (celula.desvio === null) return { lado: 'acima', nivel: 2 };
  const lado = celula.desvio > 0 ? 'acima' : celula.desvio < 0 ? 'abaixo' : 'neutro';
  if (!celula.fora) return { lado, nivel: 0 };
  return { lado, nivel: Math.abs(celula.desvio) > 2 * faixa.valor ? 2 : 1 };
}

const sinal = (n: number, texto: string) => (n > 0 ? `+${texto}` : texto);

/**
 * A drift as the map writes it, in the band's unit: '+12,86 p.p.' (absoluta) or '+42,86 %' (relativa, a fraction
 * of the target); a held stock outside a relative model has no ratio: 'fora do modelo'.
 */
export function desvioTexto(desvio: number | null, tipo: Modelo['faixa']['tipo']): string {
  if (desvio === null) return 'fora do modelo';
  return tipo === 'absoluta'
    ? `${sinal(desvio, formatNumber(desvio))} p.p.`
    : `${sinal(desvio, formatNumber(desvio * 100))} %`;
}

/** What a cell says to a screen reader (and in its title): the ticker, current and target weights, the drift. */
export function celulaDescricao(
  ticker: string,
  c: CelulaMapa,
  tipo: Modelo['faixa']['tipo'],
): string {
  const fora = c.fora ? 'fora da faixa' : 'dentro da faixa';
  return `${ticker}: atual ${formatNumber(c.atual)} %, alvo ${formatNumber(c.alvo)} %, desvio ${desvioTexto(c.desvio, tipo)}, ${fora}`;
}

/** One row of the plan's grid: a client, its drift per ticker (as the map's columns) and its cash after. */
export interface LinhaPlano {
  plano: PlanoCliente;
  celulas: Array<CelulaMapa | null>;
}

export interface Mapa {
  tickers: string[];
  linhas: LinhaPlano[];
}

/** The heat map: clients × tickers (the model's first, then any held outside it), from shared/rebalanceamento. */
export function mapaDe(itens: readonly PlanoCliente[], faixa: Modelo['faixa']): Mapa {
  const mapa = heatMap(
    itens.map((i) => ({ ...i, cliente: String(i.cliente) })),
    faixa,
  );
  return {
    tickers: mapa.tickers,
    linhas: itens.map((plano, i) => ({ plano, celulas: mapa.linhas[i]!.celulas })),
  };
}

/** One order of the plan, flat for its grid: whose, what, and its legs ('ITUB4 200 · ITUB4F 40'). */
export interface OrdemLinha {
  id: string;
  cliente: number;
  nome: string;
  ticker: string;
  lado: 'compra' | 'venda';
  quantidade: number;
  legs: string;
}

export const legsTexto = (legs: ReadonlyArray<{ symbol: string; quantidade: number }>) =>
  legs.map((l) => `${l.symbol} ${formatInteger(l.quantidade)}`).join(' · ');

export function ordensDe(itens: readonly PlanoCliente[]): OrdemLinha[] {
  return itens
    .filter((i) => !i.excluido)
    .flatMap((i) =>
      i.ordens.map((o) => ({
        id: `${i.cliente}-${o.ticker}-${o.lado}`,
        cliente: i.cliente,
        nome: i.nome,
        ticker: o.ticker,
        lado: o.lado,
        quantidade: o.quantidade,
        legs: legsTexto(o.legs),
      })),
    );
}

/** The clients left out, each with its reason. */
export const excluidosDe = (itens: readonly PlanoCliente[]) =>
  itens
    .filter((i) => i.excluido)
    .map((i) => ({ cliente: i.cliente, nome: i.nome, motivo: i.motivo ?? '' }));

/** Every warning of the plan with its client ("venda limitada pela isenção"). */
export const avisosDe = (itens: readonly PlanoCliente[]) =>
  itens.flatMap((i) =>
    i.avisos.map((aviso, n) => ({ id: `${i.cliente}-${n}`, nome: i.nome, aviso })),
  );

export interface Totais {
  clientes: number;
  vendas: number;
  compras: number;
}

/** The clients with something to send, and their orders by side. */
export function totaisDe(itens: readonly PlanoCliente[]): Totais {
  const ordens = ordensDe(itens);
  return {
    clientes: new Set(ordens.map((o) => o.cliente)).size,
    vendas: ordens.filter((o) => o.lado === 'venda').length,
    compras: ordens.filter((o) => o.lado === 'compra').length,
  };
}

/** What Enviar sends: the validated plan's clients with orders (those left out are not), and validar's options. */
export function envioBody(opcoes: RebalancearValidar, itens: readonly PlanoCliente[]) {
  return {
    modo: opcoes.modo,
    ...(opcoes.valor_minimo === undefined ? {} : { valor_minimo: opcoes.valor_minimo }),
    ...(opcoes.respeitar_isencao === undefined
      ? {}
      : { respeitar_isencao: opcoes.respeitar_isencao }),
    itens: itens
      .filter((i) => !i.excluido && i.ordens.length > 0)
      .map((i) => ({
        cliente: i.cliente,
        ordens: i.ordens.map(({ ticker, lado, quantidade }) => ({ ticker, lado, quantidade })),
      })),
  };
}
