import type {
  ClasseAtivo,
  ClienteRebalanceamento,
  Modelo,
  Posicao,
} from '../../../shared/rebalanceamento';

/** The model: PETR4, VALE3 and ITUB4 at 30 % each, 10 % cash, a band of 5 points. */
export const MODELO: Modelo = {
  itens: [
    { ticker: 'PETR4', peso: 30 },
    { ticker: 'VALE3', peso: 30 },
    { ticker: 'ITUB4', peso: 30 },
  ],
  caixa_alvo: 10,
  faixa: { tipo: 'absoluta', valor: 5 },
};

export const PRECOS = { PETR4: 40, VALE3: 60, ITUB4: 35 } as const;

/** A holding whose whole quantity the reconciliation lets be sold, unless told otherwise. */
export function posicao(
  ticker: string,
  quantidade: number,
  preco: number | string,
  extra: { classe?: ClasseAtivo; vendavel?: number } = {},
): Posicao {
  return {
    ticker,
    quantidade,
    preco,
    classe: extra.classe ?? 'acao',
    vendavel: extra.vendavel ?? quantidade,
  };
}

/** An online client with nothing in flight and no stock sold this month, following MODELO. */
export function cliente(overrides: Partial<ClienteRebalanceamento> = {}): ClienteRebalanceamento {
  return {
    cliente: 'c1',
    nome: 'Cliente',
    caixa: '0',
    posicoes: [],
    precos: { ...PRECOS },
    modelo: MODELO,
    mt5Online: true,
    ordensEmVoo: [],
    resultadoDesconhecido: false,
    vendasAcoesMes: 0,
    ...overrides,
  };
}

/** The client A: cash 10,000.00; PETR4 300 @ 40.00; VALE3 100 @ 60.00; ITUB4 0 @ 35.00. */
export const clienteA = (overrides: Partial<ClienteRebalanceamento> = {}) =>
  cliente({
    cliente: 'a',
    nome: 'Cliente A',
    caixa: '10000.00',
    posicoes: [posicao('PETR4', 300, '40.00'), posicao('VALE3', 100, '60.00')],
    ...overrides,
  });

/** The client B: cash 100,000.00, nothing held. */
export const clienteB = (overrides: Partial<ClienteRebalanceamento> = {}) =>
  cliente({ cliente: 'b', nome: 'Cliente B', caixa: '100000.00', ...overrides });

/** An order as the plan lists it, legs included. */
export const leg = (symbol: string, quantidade: number) => ({ symbol, quantidade });
