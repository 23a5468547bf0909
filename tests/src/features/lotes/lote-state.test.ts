import { describe, expect, it } from 'vitest';
import type { LoteItemValidacao, LoteStatus, PosicaoPainel } from '../../../../contract';
import {
  MOSTRAR,
  quantidadeDigitada,
  selecaoDosVisiveis,
  textoDaValidacao,
  visiveis,
} from '../../../../src/features/lotes/compra-grid-state';
import {
  alteradas,
  bloqueio,
  compraLoteReducer,
  loteBody,
  pedidoDasAlteracoes,
  pedidoDeValidacao,
  selecionadosEmVoo,
  valoresIniciais,
  type Validado,
} from '../../../../src/features/lotes/compra-lote-state';
import type { Params } from '../../../../src/features/lotes/compra-params';
import {
  acoesEmAberto,
  alternar,
  foraDoPercentual,
  percentualDe,
  selecionadasDe,
  totaisVenda,
  vendaBody,
} from '../../../../src/features/lotes/venda-lote-state';

const params: Params = {
  ticker: 'ABEV3',
  execucao: 'mercado',
  tp: 15,
  regra: 'percentual_disponivel',
  valor: 50,
};

const item = (cliente: number, nome: string, extra: Partial<LoteItemValidacao> = {}) =>
  ({
    cliente,
    nome,
    status_mt5: 'online',
    detalhe_mt5: null,
    valor_disponivel: 10_000,
    preco_referencia: 13.2,
    quantidade: 378,
    legs_sugeridas: [
      { symbol: 'ABEV3', quantidade: 300 },
      { symbol: 'ABEV3F', quantidade: 78 },
    ],
    validacoes: [
      { symbol: 'ABEV3', ok: true, motivo: null },
      { symbol: 'ABEV3F', ok: true, motivo: null },
    ],
    valor_estimado: 4989.6,
    posicao_aberta: false,
    compras_em_voo: [],
    aviso: null,
    elegivel: true,
    motivo: null,
    ...extra,
  }) as LoteItemValidacao;

const semTerminal: Partial<LoteItemValidacao> = {
  status_mt5: 'offline',
  legs_sugeridas: [],
  validacoes: [],
  elegivel: false,
  motivo: 'Terminal MT5 indisponível.',
};

const validado = (): Validado =>
  compraLoteReducer(null, {
    type: 'validated',
    params,
    itens: [item(1, 'Ana'), item(2, 'Bruno'), item(3, 'Carla', semTerminal)],
  })!;

describe("the buy lote's state", () => {
  it('ticks the eligible clients, and a tick changes only the rows it may', () => {
    const v = validado();
    expect(v.linhas.map((l) => l.selecionado)).toEqual([true, true, false]);
    const s = compraLoteReducer(v, { type: 'selected', clientes: [1, 3], selecionado: false })!;
    expect(s.linhas.map((l) => l.selecionado)).toEqual([false, true, false]);
    const t = compraLoteReducer(s, { type: 'selected', clientes: [1, 3], selecionado: true })!;
    // Carla's terminal accepted nothing: she cannot be ticked.
    expect(t.linhas.map((l) => l.selecionado)).toEqual([true, true, false]);
  });

  it('holds Enviar while a typed quantity is not validated, and validates those clients only', () => {
    const typed = compraLoteReducer(validado(), { type: 'typed', cliente: 2, quantidade: 500 })!;
    expect(bloqueio(typed, params)).toBe('Valide as quantidades alteradas antes de enviar.');
    expect(alteradas(typed).map((l) => l.item.cliente)).toEqual([2]);
    expect(pedidoDasAlteracoes(typed)).toEqual({
      ...params,
      clientes: [2],
      ajustes: [{ cliente: 2, quantidade: 500 }],
    });
    const revalidated = compraLoteReducer(typed, {
      type: 'revalidated',
      itens: [item(2, 'Bruno', { quantidade: 500 })],
    })!;
    expect(revalidated.linhas[1]).toMatchObject({
      quantidade: 500,
      alterada: false,
      selecionado: true,
    });
    expect(bloqueio(revalidated, params)).toBeNull();
    // A typed zero unticks the row.
    const zero = compraLoteReducer(validado(), { type: 'typed', cliente: 1, quantidade: 0 })!;
    expect(zero.linhas[0]).toMatchObject({ selecionado: false, alterada: true });
    expect(alteradas(zero)).toEqual([]);
  });

  it('holds Enviar when the parameters changed since Validar', () => {
    expect(bloqueio(validado(), { ...params, tp: 16 })).toBe(
      'Os parâmetros mudaram: valide de novo antes de enviar.',
    );
    expect(bloqueio(null, params)).toBeNull();
  });

  it('sends the ticked clients with their legs, at the validated parameters', () => {
    const v = compraLoteReducer(validado(), { type: 'typed', cliente: 2, quantidade: 100 })!;
    expect(loteBody(v)).toEqual({
      ...{ ticker_base: 'ABEV3', execucao: 'mercado', tp: 15 },
      regra: 'percentual_disponivel',
      valor: 50,
      itens: [
        { cliente: 1, legs: item(1, 'Ana').legs_sugeridas },
        { cliente: 2, legs: [{ symbol: 'ABEV3', quantidade: 100 }] },
      ],
    });
  });

  it('names the ticked clients with a buy of the stock in flight', () => {
    const emVoo = compraLoteReducer(null, {
      type: 'validated',
      params,
      itens: [
        item(1, 'Ana', {
          compras_em_voo: [{ group_id: 'g', quantidade: 100, valor: 1200 }] as never,
        }),
        item(2, 'Bruno'),
      ],
    })!;
    expect(selecionadosEmVoo(emVoo)).toEqual(['Ana']);
  });

  it('re-sends the failed clients only, sized by the rule, or with their quantities when it had none', () => {
    const falhou = {
      cliente: 4,
      finished: true,
      executed_all: false,
      summary: [
        { volume: 100, volume_exec: 0 },
        { volume: 20, volume_exec: 0 },
      ],
    };
    const executou = {
      cliente: 5,
      finished: true,
      executed_all: true,
      summary: [{ volume: 100, volume_exec: 100 }],
    };
    const lote = {
      regra: 'percentual_disponivel',
      valor: 10,
      itens: [falhou, executou],
    } as unknown as LoteStatus;
    expect(pedidoDeValidacao(params, lote)).toEqual({ ...params, clientes: [4] });
    expect(pedidoDeValidacao(params, { ...lote, regra: null })).toEqual({
      ...params,
      clientes: [4],
      ajustes: [{ cliente: 4, quantidade: 120 }],
    });
    expect(pedidoDeValidacao(params, null)).toEqual(params);
    expect(
      valoresIniciais(
        {},
        { ...lote, ticker_base: 'RJCT3', execucao: 'mercado', preco: null, tp: 20 },
      ),
    ).toEqual({
      ticker: 'RJCT3',
      execucao: 'mercado',
      preco: undefined,
      tp: 20,
      regra: 'percentual_disponivel',
      valor: 10,
    });
  });
});

describe("the buy lote grid's filters", () => {
  it('shows the rows of the filter and the name typed, and what the header tick changes', () => {
    const { linhas } = validado();
    expect(MOSTRAR.map((m) => m.value)).toEqual([
      'todos',
      'selecionados',
      'elegiveis',
      'nao_elegiveis',
    ]);
    expect(visiveis(linhas, ' AR', 'todos').map((l) => l.item.nome)).toEqual(['Carla']);
    expect(visiveis(linhas, '', 'nao_elegiveis').map((l) => l.item.nome)).toEqual(['Carla']);
    expect(visiveis(linhas, 'a', 'selecionados').map((l) => l.item.nome)).toEqual(['Ana']);
    const selecao = selecaoDosVisiveis(linhas);
    expect(selecao.marcaveis.map((l) => l.item.cliente)).toEqual([1, 2]);
    expect(selecao.todos).toBe(true);
    expect(selecaoDosVisiveis([linhas[2]!]).todos).toBe(false);
  });

  it("says a row's checks once when every leg says the same, and why it is left out", () => {
    const { linhas } = validado();
    expect(textoDaValidacao(linhas[0]!)).toBe('OK');
    expect(textoDaValidacao(linhas[2]!)).toBe('Terminal MT5 indisponível.');
    const mistas = compraLoteReducer(null, {
      type: 'validated',
      params,
      itens: [
        item(1, 'Ana', {
          validacoes: [
            { symbol: 'ABEV3', ok: true, motivo: null },
            { symbol: 'ABEV3F', ok: false, motivo: null },
          ],
          motivo: 'Sem dinheiro.',
        }),
      ],
    })!;
    expect(textoDaValidacao(mistas.linhas[0]!)).toBe(
      'ABEV3: OK · ABEV3F: inválido · Sem dinheiro.',
    );
    const typed = compraLoteReducer(validado(), { type: 'typed', cliente: 1, quantidade: 5 })!;
    expect(textoDaValidacao(typed.linhas[0]!)).toBe('Alterada: valide de novo');
  });

  it('applies a typed quantity only when it is a new whole number', () => {
    const linha = validado().linhas[0]!;
    expect(quantidadeDigitada('500', linha)).toBe(500);
    expect(quantidadeDigitada('12.7', linha)).toBe(12);
    expect(quantidadeDigitada('378', linha)).toBeNull();
    expect(quantidadeDigitada('-1', linha)).toBeNull();
    expect(quantidadeDigitada('abc', linha)).toBeNull();
  });
});

describe("the sale lote's state", () => {
  const posicao = (id: number, cliente: string, acao: string, extra: Partial<PosicaoPainel> = {}) =>
    ({
      id,
      cliente,
      acao,
      quantidade: 100,
      preco_compra: 12,
      preco_atual: 13.2,
      ...extra,
    }) as PosicaoPainel;
  const posicoes = [
    posicao(1, 'Ana', 'ABEV3'),
    posicao(2, 'Bruno', 'ABEV3', { quantidade: 200 }),
    posicao(3, 'Ana', 'ABEV3', { preco_atual: null }),
    posicao(4, 'Carla', 'PETR4'),
  ];

  it('lists the stocks held open with their operations, in order', () => {
    expect(acoesEmAberto(posicoes)).toEqual([
      { value: 'ABEV3', label: 'ABEV3 (3 operações)' },
      { value: 'PETR4', label: 'PETR4 (1 operação)' },
    ]);
  });

  it('sells everyone who holds the stock unless unticked; another stock starts with everyone again', () => {
    const nenhum = { acao: '', ids: new Set<number>() };
    expect(selecionadasDe(posicoes, nenhum, 'ABEV3').map((p) => p.id)).toEqual([1, 2, 3]);
    const fora = alternar(nenhum, 'ABEV3', [1, 3], false);
    expect(selecionadasDe(posicoes, fora, 'ABEV3').map((p) => p.id)).toEqual([2]);
    expect(
      selecionadasDe(posicoes, alternar(fora, 'ABEV3', [3], true), 'ABEV3').map((p) => p.id),
    ).toEqual([2, 3]);
    expect(selecionadasDe(posicoes, fora, 'PETR4').map((p) => p.id)).toEqual([4]);
  });

  it('totals what sells at today’s prices, and sends each operation whole, the price only for limite', () => {
    const abev = selecionadasDe(posicoes, { acao: '', ids: new Set() }, 'ABEV3');
    // 100 × 13,20 + 200 × 13,20; the one without a quote adds nothing.
    expect(totaisVenda(abev)).toEqual({ operacoes: 3, acoes: 400, valor: 3960, clientes: 2 });
    expect(vendaBody({ execucao: 'mercado', preco: 13 }, abev)).toEqual({
      execucao: 'mercado',
      operacoes: [1, 2, 3],
    });
    expect(vendaBody({ execucao: 'limite', preco: 13.5 }, abev)).toEqual({
      execucao: 'limite',
      preco: 13.5,
      operacoes: [1, 2, 3],
    });
  });

  it('sells a percentual of each position rounded down, leaving out who would sell no share (issue 34)', () => {
    const abev = selecionadasDe(posicoes, { acao: '', ids: new Set() }, 'ABEV3');
    const [ana, bruno] = abev;
    // 1 % of 100, 200 and 100 is 1, 2 and 1 shares; the one without a quote adds no value (3 × 13,20).
    expect(totaisVenda(abev, 1)).toEqual({ operacoes: 3, acoes: 4, valor: 39.6, clientes: 2 });
    const umaAcao = [{ ...ana!, quantidade: 1 }, bruno!];
    expect(totaisVenda(umaAcao, 50)).toEqual({
      operacoes: 1,
      acoes: 100,
      valor: 1320,
      clientes: 1,
    });
    expect(foraDoPercentual(umaAcao, 50)).toEqual([
      {
        id: ana!.id,
        cliente: ana!.cliente,
        motivo: '50 % de 1 ação arredonda para zero ação inteira: nada a vender.',
      },
    ]);
    expect(vendaBody({ execucao: 'mercado', percentual: 50 }, abev)).toEqual({
      execucao: 'mercado',
      percentual: 50,
      operacoes: [1, 2, 3],
    });
    expect(vendaBody({ execucao: 'mercado', percentual: 100 }, abev)).toEqual({
      execucao: 'mercado',
      operacoes: [1, 2, 3],
    });
    expect([percentualDe(null), percentualDe(120), percentualDe(0), percentualDe(35)]).toEqual([
      100, 100, 100, 35,
    ]);
  });
});
