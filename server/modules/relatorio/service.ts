import {
  CLIENTE_NAO_ENCONTRADO,
  mesSemRelatorio,
  type ClasseAtivo,
  type MesIrDetalhado,
  type MesRentabilidade,
  type RentabilidadeCliente,
  type SessaoRentabilidade,
  type TipoEventoEmDinheiro,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { Decimal } from '../../../shared/decimal';
import { buildGrade, type AnoGrade } from '../../../shared/rentabilidade';
import { notFound } from '../../lib/http-error';
import { fatorPendente, referencia } from '../../lib/precos/ajuste';
import { eventosDeAcoesVigentes } from '../../lib/precos/serie';
import { getMesIr } from '../ir';
import { rentabilidadeCliente, type RentabilidadeDeps } from '../rentabilidade';
import { ultimoDia } from './formato';
import {
  selectCliente,
  selectNegocios,
  selectProventosDoMes,
  selectUltimosFechamentos,
  type FechamentoRow,
} from './repository';

/**
 * What a client's monthly report shows (issue 30), gathered from the modules that own each part: the returns
 * (rentabilidade: the whole history up to the month's end, once, whose months, sessions and period give the month,
 * the year, the grid and the chart), the income tax (ir: the month in detail, with its DARF's figures), and the
 * month's trades, proventos and closes read here. Rendered by ./pdf.
 */

export interface PosicaoDoMes {
  ticker: string;
  classe: ClasseAtivo;
  /** In the month's terms (the income tax's positions). */
  quantidade: number;
  custo_medio: number;
  custo_total: number;
  /** The last close up to the month's end, in the month's terms; null: the stock has none. */
  data_fechamento: string | null;
  fechamento: number | null;
  valor: number | null;
  resultado: number | null;
}

export interface NegocioDoMes {
  data: string;
  tipo: 'compra' | 'venda';
  ticker: string;
  quantidade: number;
  preco: number;
  custos: number;
  /** A buy's price × quantity + costs; a sale's price × quantity − costs (the return's B and S). */
  valor: number;
}

export interface ProventoDoMes {
  ticker: string;
  tipo: TipoEventoEmDinheiro;
  data_ex: string;
  data_pagamento: string;
  quantidade: number;
  valor_bruto: number;
  valor_liquido: number;
}

/** The year's accumulated returns in percent, from 0 at the close before it (the chart). */
export interface GraficoDoAno {
  inicio: string;
  carteira: Array<{ data: string; valor: number }>;
  cdi: Array<{ data: string; valor: number }>;
  ibov: Array<{ data: string; valor: number }>;
}

/** The month's DARF as Sicalc asks for it (the month's detail has its figures: no second computation). */
export interface DarfDoMes {
  codigo_receita: '6015';
  periodo_apuracao: string;
  vencimento: string;
  valor_principal: number;
  meses: string[];
}

export interface DadosRelatorio {
  mes: string;
  cliente: { id: number; nome: string };
  /** Who asked for it: the logged user. */
  assessor: string;
  emitido_em: Date;
  /** The month's last day measured: its end, or today in the current month. */
  fim: string;
  historico: RentabilidadeCliente;
  /** The month's returns as the history chains them (null: no session in it). */
  doMes: MesRentabilidade | null;
  /** The month's sessions, and the close before them (the month's base). */
  sessoes: SessaoRentabilidade[];
  anterior: string;
  grade: AnoGrade[];
  grafico: GraficoDoAno;
  posicoes: PosicaoDoMes[];
  negocios: NegocioDoMes[];
  /** A share event after the month: the trades are shown in today's terms, as the book keeps them. */
  negociosAjustadosDepois: boolean;
  proventos: ProventoDoMes[];
  ir: MesIrDetalhado;
  darf: DarfDoMes | null;
}

export interface RelatorioDeps extends RentabilidadeDeps {
  /** Today (São Paulo), for the month in progress; the tests fix it. */
  hoje?: () => string;
  agora?: () => Date;
}

const numero = (texto: string) => new Decimal(texto).toNumber();
const centavos = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

/**
 * A stored close in the terms in force at `fim` (those of the income tax's quantities): the share events its
 * source applied after `fim` undone, those between its session and `fim` applied.
 */
function closeAt(
  f: FechamentoRow,
  fim: string,
  eventos: Map<number, Array<{ data_ex: string; fator: string }>>,
) {
  const todos = eventos.get(f.acao_id) ?? [];
  const fator = fatorPendente(fim, todos).dividedBy(
    fatorPendente(referencia(f.data, f.ajustado_ate), todos),
  );
  return new Decimal(f.fechamento).times(fator);
}

/** The year's lines rebased to its start: (1 + accumulated) over the one at the close before the year. */
export function graficoDoAno(historico: RentabilidadeCliente, ano: string): GraficoDoAno {
  const antes = historico.serie.filter((s) => s.data < `${ano}-01-01`).at(-1);
  const doAno = historico.serie.filter((s) => s.data.startsWith(ano));
  const base = (v: number | null | undefined) => (antes ? (v ?? null) : 0);
  const linha = (valor: (s: (typeof doAno)[number]) => number | null, b: number | null) => {
    if (b === null) return [];
    const pontos = doAno.flatMap((s) => {
      const v = valor(s);
      return v === null ? [] : [{ data: s.data, valor: ((1 + v) / (1 + b) - 1) * 100 }];
    });
    // A benchmark unknown all year has no line (not a lone 0 at its start).
    return pontos.length === 0
      ? []
      : [{ data: antes?.data ?? historico.anterior, valor: 0 }, ...pontos];
  };
  return {
    inicio: antes?.data ?? historico.anterior,
    carteira: linha((s) => s.acumulado, base(antes?.acumulado)),
    cdi: linha((s) => s.cdi_acumulado, base(antes?.cdi_acumulado)),
    ibov: linha((s) => s.ibov_acumulado, base(antes?.ibov_acumulado)),
  };
}

async function readPosicoes(
  deps: RelatorioDeps,
  ir: MesIrDetalhado,
  fim: string,
  acaoIds: number[],
) {
  const fechamentos = await selectUltimosFechamentos(
    deps.db,
    ir.posicoes.map((p) => p.ticker),
    fim,
  );
  const eventos = await eventosDeAcoesVigentes(deps.db, [
    ...new Set([...fechamentos.map((f) => f.acao_id), ...acaoIds]),
  ]);
  const porTicker = new Map(fechamentos.map((f) => [f.ticker, f]));
  const posicoes = ir.posicoes.map((p): PosicaoDoMes => {
    const f = porTicker.get(p.ticker);
    const fechamento = f ? closeAt(f, fim, eventos) : null;
    const valor = fechamento ? fechamento.times(p.quantidade) : null;
    return {
      ...p,
      data_fechamento: f?.data ?? null,
      fechamento: fechamento
        ? fechamento.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber()
        : null,
      valor: valor ? centavos(valor) : null,
      resultado: valor ? centavos(valor.minus(p.custo_total)) : null,
    };
  });
  const depois = acaoIds.some((id) => (eventos.get(id) ?? []).some((e) => e.data_ex > fim));
  return { posicoes, depois };
}

/** Everything the report shows, or the 404 of an unknown client or a month that has not begun. */
export async function gatherRelatorio(
  deps: RelatorioDeps,
  clienteId: number,
  mes: string,
  assessor: string,
): Promise<DadosRelatorio> {
  const hoje = (deps.hoje ?? todayIso)();
  if (mes > hoje.slice(0, 7)) throw notFound(mesSemRelatorio(mes));
  const cliente = await selectCliente(deps.db, clienteId);
  if (!cliente) throw notFound(CLIENTE_NAO_ENCONTRADO);
  const fim = ultimoDia(mes) < hoje ? ultimoDia(mes) : hoje;
  const inicio = `${mes}-01`;
  const [historico, ir, negocios, proventos] = await Promise.all([
    rentabilidadeCliente(deps, clienteId, { ate: fim }),
    getMesIr(deps.db, clienteId, mes),
    selectNegocios(deps.db, clienteId, inicio, fim),
    selectProventosDoMes(deps.db, clienteId, inicio, fim),
  ]);
  const { posicoes, depois } = await readPosicoes(deps, ir, fim, [
    ...new Set(negocios.map((n) => n.acao_id)),
  ]);
  const antes = historico.serie.filter((x) => x.data < inicio).at(-1);
  return {
    mes,
    cliente: { id: clienteId, nome: cliente.nome ?? `Cliente ${clienteId}` },
    assessor,
    emitido_em: (deps.agora ?? (() => new Date()))(),
    fim,
    historico,
    doMes: historico.meses.find((m) => m.mes === mes) ?? null,
    sessoes: historico.serie.filter((x) => x.data >= inicio),
    anterior: antes?.data ?? historico.anterior,
    grade: buildGrade(historico.meses),
    grafico: graficoDoAno(historico, mes.slice(0, 4)),
    posicoes,
    negocios: negocios.map((n) => {
      const bruto = new Decimal(n.preco).times(n.quantidade);
      return {
        data: n.data,
        tipo: n.tipo,
        ticker: n.ticker,
        quantidade: n.quantidade,
        preco: numero(n.preco),
        custos: numero(n.custos),
        valor: centavos(n.tipo === 'compra' ? bruto.plus(n.custos) : bruto.minus(n.custos)),
      };
    }),
    negociosAjustadosDepois: depois,
    proventos: proventos.map((p) => ({
      ...p,
      valor_bruto: numero(p.valor_bruto),
      valor_liquido: numero(p.valor_liquido),
    })),
    ir,
    darf:
      ir.situacao === 'a_pagar'
        ? {
            codigo_receita: '6015',
            periodo_apuracao: ultimoDia(mes),
            vencimento: ir.darf_vencimento,
            valor_principal: ir.darf_valor,
            meses: ir.darf_meses,
          }
        : null,
  };
}
