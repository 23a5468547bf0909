import {
  CLIENTE_NAO_ENCONTRADO,
  type Fontes,
  type MedidasRentabilidade,
  type RentabilidadeCliente,
  type RentabilidadeLivro,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import {
  buildApuracao,
  buildLivro,
  measurePeriodo,
  measureRentabilidade,
  prepareReferencias,
  type Carteira,
  type FechamentoIndice,
  type Rentabilidade,
} from '../../../shared/rentabilidade';
import { reaisToNumber } from '../../../shared/rentabilidade/fixo';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import {
  CDI_ESTIMADO,
  IBOV_YAHOO,
  cdiSource,
  foraDoCalculo,
  refreshFailed,
  substitutoAusente,
} from './avisos';
import {
  benchmarkCloses,
  buildPeriodo,
  classify,
  fechamentosOf,
  readHistorico,
  splitFechamentos,
} from './leitura';
import {
  selectAcoes,
  selectAplicacoes,
  selectAtualizacoes,
  selectCdi,
  selectClientes,
  selectEventosDeAcoes,
  selectFechamentos,
  selectIndice,
  selectOperacoes,
  selectProventos,
  type Escopo,
} from './repository';

/**
 * The performance answers (issue 30; docs/rentabilidade.md): the rows of one client or of the whole book read in
 * a fixed number of statements (repository.ts), the closes indexed and the benchmarks prepared once, then the
 * pure engine of shared/rentabilidade per client.
 */

export interface RentabilidadeDeps {
  db: Db;
  config: Pick<Config, 'referencias'>;
}

interface Consulta {
  de?: string | undefined;
  ate?: string | undefined;
}

const VAZIA: Carteira = { negocios: [] };

/** Everything both answers measure: the period, its benchmarks, every client's history and the avisos. */
async function readPeriodo(deps: RentabilidadeDeps, escopo: Escopo, consulta: Consulta) {
  const { db } = deps;
  const { clientes, inicio } = await selectClientes(db, escopo);
  if (escopo !== 'livro' && clientes.length === 0) throw notFound(CLIENTE_NAO_ENCONTRADO);
  // Without an end, up to today (or an empty period from a start still to come); without a start, from the first
  // operation (or an empty period ending before it).
  const hoje = todayIso();
  const ate =
    consulta.ate ?? (consulta.de !== undefined && consulta.de > hoje ? consulta.de : hoje);
  const de = consulta.de ?? (inicio !== null && inicio <= ate ? inicio : ate);
  const substituto = deps.config.referencias.ibovTicker;
  const [acoes, lidos, eventos, taxas, indice, atualizacoes] = await Promise.all([
    selectAcoes(db, escopo, ate, substituto),
    selectFechamentos(db, escopo, { de, ate }, substituto),
    selectEventosDeAcoes(db, escopo, ate, substituto),
    selectCdi(db, de, ate),
    substituto === null ? selectIndice(db, IBOV_YAHOO, de, ate) : Promise.resolve([]),
    selectAtualizacoes(db, IBOV_YAHOO),
  ]);
  const tickers = new Map(acoes.map((a) => [a.id, a.ticker]));
  const series = splitFechamentos(lidos);
  const avisos: string[] = [];
  let ibov: FechamentoIndice[] = indice;
  if (substituto !== null) {
    const acao = acoes.find((a) => a.ticker === substituto);
    const serie = acao && series.find((s) => s.acao_id === acao.id);
    ibov = serie ? benchmarkCloses(serie, eventos) : [];
    if (!acao) avisos.push(substitutoAusente(substituto));
  }
  const diasIbov = ibov.map((l) => l.data).sort();
  const periodo = buildPeriodo(de, ate, [...series.map((s) => s.datas), diasIbov]);
  const lendo = Promise.all([
    selectOperacoes(db, escopo, periodo.anterior, ate),
    selectAplicacoes(db, escopo, periodo.anterior, ate),
    selectProventos(db, escopo, periodo.anterior, ate),
  ]);
  // What does not need the operations is worked out while the database reads them.
  let preparo;
  try {
    preparo = {
      referencias: prepareReferencias(periodo, taxas, ibov),
      fechamentos: fechamentosOf(tickers, series, eventos),
      classificacao: classify(acoes),
    };
  } catch (err) {
    await lendo.catch(() => undefined);
    throw err;
  }
  const { referencias, fechamentos, classificacao } = preparo;
  const [operacoes, aplicacoes, proventos] = await lendo;
  const historico = readHistorico(tickers, { operacoes, aplicacoes, eventos, proventos });
  const fontes: Fontes = {
    cdi: referencias.cdi === null ? null : cdiSource(taxas, de, ate),
    ibov: ibov.length === 0 ? null : (substituto ?? IBOV_YAHOO),
  };
  if (fontes.cdi === 'selic' || fontes.cdi === 'misto') avisos.push(CDI_ESTIMADO);
  for (const a of atualizacoes) {
    if (a.erro !== null && (a.referencia === 'cdi' || substituto === null)) {
      avisos.push(refreshFailed(a));
    }
  }
  avisos.push(...referencias.avisos);
  if (historico.foraDoCalculo > 0) avisos.push(foraDoCalculo(historico.foraDoCalculo));
  return {
    clientes,
    cabecalho: { de, ate, anterior: periodo.anterior, fontes, avisos },
    periodo,
    referencias,
    historico,
    fechamentos,
    classificacao,
  };
}

/** The engine's answer as the wire's (the same fields; a class read from the table is one of the contract's). */
const paraWire = (r: Rentabilidade): MedidasRentabilidade => r as MedidasRentabilidade;

/** GET clientes/{id}/rentabilidade/ */
export async function rentabilidadeCliente(
  deps: RentabilidadeDeps,
  clienteId: number,
  consulta: Consulta,
): Promise<RentabilidadeCliente> {
  const p = await readPeriodo(deps, { cliente: clienteId }, consulta);
  const apuracao = buildApuracao(
    p.historico.carteiras.get(clienteId) ?? VAZIA,
    p.periodo,
    p.fechamentos,
  );
  const medidas = measureRentabilidade(apuracao, p.referencias, p.classificacao);
  return { cliente: clienteId, ...p.cabecalho, ...paraWire(medidas) };
}

/** GET rentabilidade/: every client's period, and the book measured as one portfolio. */
export async function rentabilidadeLivro(
  deps: RentabilidadeDeps,
  consulta: Consulta,
): Promise<RentabilidadeLivro> {
  const p = await readPeriodo(deps, 'livro', consulta);
  // Each client's period figures and the book as one portfolio, in one walk: no series per client and ticker.
  const apuracoes = buildLivro(
    p.clientes.map((c) => p.historico.carteiras.get(c.id) ?? VAZIA),
    p.periodo,
    p.fechamentos,
  );
  const clientes = p.clientes.map((c, i) => {
    const a = apuracoes.clientes[i]!;
    return {
      cliente: c.id,
      nome: c.nome,
      patrimonio_inicial: reaisToNumber(a.patrimonio[0]!, a.escala),
      patrimonio_final: reaisToNumber(a.patrimonio[a.patrimonio.length - 1]!, a.escala),
      periodo: measurePeriodo(a, p.referencias),
    };
  });
  const livro = measureRentabilidade(apuracoes.livro, p.referencias, p.classificacao);
  return { ...p.cabecalho, clientes, livro: paraWire(livro) };
}
