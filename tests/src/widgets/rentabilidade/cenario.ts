import {
  CLIENTE_NAO_ENCONTRADO,
  relatorioEndpoints,
  rentabilidadeEndpoints as e,
  type MedidasRentabilidade,
  type RentabilidadeCliente,
  type RentabilidadeLivro,
} from '../../../../contract';
import { fail, handle, ok } from '../../../../mocks/contract';
import { cdiEstimado } from '../../../../shared/rentabilidade';

/**
 * The RENTABILIDADE tabs' answers, made in the test from the contract's schema (every answer is checked against it
 * by the handlers): a client measured over the period asked for, with round figures the screen's text can be
 * compared with, and a book of three clients whose returns sort differently from their names.
 */

export const HOJE = '2026-03-16';
export const CDI_ESTIMADO = cdiEstimado([]).aviso;

/** The history since the first operation: December 2025 to February 2026. */
export const MESES = [
  { mes: '2025-12', retorno: 0.031, cdi: 0.0122, ibov: 0.015, percentual_cdi: 0.031 / 0.0122 },
  { mes: '2026-01', retorno: -0.012, cdi: 0.0116, ibov: -0.02, percentual_cdi: -0.012 / 0.0116 },
  { mes: '2026-02', retorno: 0.02, cdi: 0.0099, ibov: 0.01, percentual_cdi: 0.02 / 0.0099 },
];

const sessao = (data: string, acumulado: number, cdi: number, ibov: number | null) => ({
  data,
  patrimonio: 10_000,
  compras: 0,
  vendas: 0,
  proventos: 0,
  retorno_dia: 0,
  acumulado,
  cdi_acumulado: cdi,
  ibov_acumulado: ibov,
});

export const MEDIDAS: MedidasRentabilidade = {
  serie: [
    sessao('2026-03-12', 0.01, 0.0005, null),
    sessao('2026-03-13', 0.05, 0.001, -0.002),
    sessao('2026-03-16', 0.1234, 0.1012, 0.0567),
  ],
  meses: MESES,
  periodo: {
    retorno: 0.1234,
    retorno_mwr: 0.1301,
    cdi: 0.1012,
    ibov: 0.0567,
    percentual_cdi: 1.2194,
    volatilidade: 0.1842,
    max_drawdown: -0.0833,
  },
  contribuicao: [
    { ticker: 'PETR4', resultado: 1500.5, pontos: 0.0834 },
    { ticker: 'VALE3', resultado: -200, pontos: -0.011 },
  ],
  alocacao: {
    setores: [
      { setor: 'Petróleo, Gás e Biocombustíveis', valor: 6000, peso: 0.6 },
      { setor: null, valor: 4000, peso: 0.4 },
    ],
    classes: [{ classe: 'acao', valor: 10_000, peso: 1 }],
  },
};

/** The period as the server fills it in: no `de` is the first operation's day, no `ate` is today. */
const periodoDe = (query: { de?: string; ate?: string }) => {
  const de = query.de ?? '2025-12-01';
  return {
    de,
    ate: query.ate ?? HOJE,
    anterior: '2025-11-28',
    fontes: { cdi: 'selic' as const, ibov: 'BOVA11' },
    avisos: [CDI_ESTIMADO],
  };
};

export const respostaDoCliente = (
  cliente: number,
  query: { de?: string; ate?: string },
): RentabilidadeCliente => ({ cliente, ...periodoDe(query), ...MEDIDAS });

const linha = (cliente: number, nome: string, retorno: number, cdi = 0.1012) => ({
  cliente,
  nome,
  patrimonio_inicial: 10_000,
  patrimonio_final: 10_000 * (1 + retorno),
  periodo: { ...MEDIDAS.periodo, retorno, cdi, percentual_cdi: retorno / cdi },
});

export const respostaDoLivro = (query: { de?: string; ate?: string }): RentabilidadeLivro => ({
  ...periodoDe(query),
  clientes: [
    linha(1, 'Ana Beatriz Carvalho', 0.05),
    linha(2, 'Bruno Henrique Almeida', 0.12),
    linha(3, 'Nascimento Participações Ltda', -0.03),
  ],
  livro: { ...MEDIDAS, periodo: { ...MEDIDAS.periodo, retorno: 0.0456 } },
});

/** The handlers, recording each query asked (`pedidos`), and the report's PDF (bytes, or an error). */
export function rentabilidadeCenario() {
  const pedidos: Array<{ cliente?: number; de?: string; ate?: string }> = [];
  const relatorios: string[] = [];
  let relatorio: { pdf: Uint8Array } | { status: number; detail: string } = {
    pdf: new TextEncoder().encode('%PDF-1.7\n% relatório de teste\n%%EOF\n'),
  };
  const handlers = [
    handle(e.cliente, ({ input: { params, query } }) => {
      pedidos.push({ cliente: params.id, ...query });
      return params.id > 100
        ? fail(404, CLIENTE_NAO_ENCONTRADO)
        : ok(e.cliente, respostaDoCliente(params.id, query));
    }),
    handle(e.livro, ({ input: { query } }) => {
      pedidos.push({ ...query });
      return ok(e.livro, respostaDoLivro(query));
    }),
    handle(relatorioEndpoints.mensal, ({ input: { params } }) => {
      relatorios.push(`${params.id} ${params.mes}`);
      return 'pdf' in relatorio
        ? ok(relatorioEndpoints.mensal, relatorio.pdf)
        : fail(relatorio.status, relatorio.detail);
    }),
  ];
  return {
    handlers,
    pedidos,
    relatorios,
    refuseRelatorio: (status: number, detail: string) => (relatorio = { status, detail }),
  };
}
