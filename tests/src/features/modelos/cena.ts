import {
  MODELO_NAO_ENCONTRADO,
  MODELO_NOME_EM_USO,
  camposToIssues,
  lotesEndpoints,
  modeloSeguido,
  modelosEndpoints as e,
  type Cliente,
  type LoteStatus,
  type Modelo,
  type ModeloInput,
  type Rebalancear,
} from '../../../../contract';
import { fail, handle, invalid, ok } from '../../../../mocks/contract';
import { findMockCliente, listMockClientes } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { splitLegs } from '../../../../shared/legs';
import {
  planRebalance,
  validateModelo,
  type ClienteRebalanceamento,
} from '../../../../shared/rebalanceamento';

/**
 * The model portfolios' server for the screens' tests (server.use): models kept in memory, checked by the server's
 * own rules (shared/rebalanceamento's validateModelo) and answered in its words (the contract's constants); a
 * validar planned by the server's planner (planRebalance) over each client's facts given here; a rebalance sent
 * recorded with its Idempotency-Key, its two lotes answered ended.
 */

/** Each client's facts as the server reads them (cash, holdings, quotes, its terminal, the month's sales). */
export type Fatos = Omit<ClienteRebalanceamento, 'cliente' | 'nome' | 'modelo'>;

export const PRECOS = { PETR4: '40', VALE3: '60', ITUB4: '35' };

/** The issue's worked example A: cash 10,000, PETR4 300 @ 40, VALE3 100 @ 60 (V = 28,000). */
export const FATOS_A: Fatos = {
  caixa: '10000',
  posicoes: [
    { ticker: 'PETR4', quantidade: 300, preco: '40', classe: 'acao', vendavel: 300 },
    { ticker: 'VALE3', quantidade: 100, preco: '60', classe: 'acao', vendavel: 100 },
  ],
  precos: PRECOS,
  mt5Online: true,
  ordensEmVoo: [],
  resultadoDesconhecido: false,
  vendasAcoesMes: '0',
};
/** Example A again, with R$ 19,000 of stock sales already this month: its PETR4 sale is cut by the exemption. */
export const FATOS_ISENCAO: Fatos = { ...FATOS_A, vendasAcoesMes: '19000' };
/** The issue's example B: cash 100,000, nothing held. */
export const FATOS_B: Fatos = { ...FATOS_A, caixa: '100000', posicoes: [] };
export const FATOS_OFFLINE: Fatos = { ...FATOS_A, mt5Online: false };

export const MODELO_30: ModeloInput = {
  nome: 'Modelo Renda',
  itens: [
    { ticker: 'PETR4', peso: 30 },
    { ticker: 'VALE3', peso: 30 },
    { ticker: 'ITUB4', peso: 30 },
  ],
  caixa_alvo: 10,
  faixa: { tipo: 'absoluta', valor: 5 },
};

export const LOTE_VENDA = '20000000-0000-4000-8000-000000000001';
export const LOTE_COMPRA = '20000000-0000-4000-8000-000000000002';

const nomeDe = (c: Cliente | undefined, id: number) => c?.nome ?? `Cliente ${id}`;

/** An ended lote of the rebalance: every client's orders executed. */
function loteTerminado(lote_id: string, lado: 'compra' | 'venda', envio: Rebalancear): LoteStatus {
  const itens = envio.itens.flatMap(({ cliente, ordens }) =>
    ordens
      .filter((o) => o.lado === lado)
      .map((o, n) => ({
        group_id: `${lote_id.slice(0, 8)}-0000-4000-8000-${String(cliente * 100 + n).padStart(12, '0')}`,
        cliente,
        nome: nomeDe(findMockCliente(cliente), cliente),
        operacao: null,
        executed_all: true,
        finished: true,
        erro: null,
        aviso: null,
        summary: splitLegs(o.ticker, o.quantidade).map((l) => ({
          symbol: l.symbol,
          executada: true,
          volume: l.quantidade,
          volume_exec: l.quantidade,
        })),
      })),
  );
  return {
    lote_id,
    lado,
    ticker_base: envio.itens[0]?.ordens[0]?.ticker ?? '',
    execucao: 'mercado',
    preco: null,
    tp: null,
    regra: null,
    valor: null,
    criado_em: '2026-11-27T13:00:00Z',
    criado_por: 'operador',
    executed_all: true,
    finished: true,
    itens,
  };
}

/** The same lote with nothing filled yet. */
const emVoo = (lote: LoteStatus): LoteStatus => ({
  ...lote,
  executed_all: false,
  finished: false,
  itens: lote.itens.map((i) => ({
    ...i,
    executed_all: false,
    finished: false,
    summary: i.summary.map((l) => ({ ...l, executada: false, volume_exec: 0 })),
  })),
});

export function modelosScene({
  modelos: iniciais = [] as ModeloInput[],
  fatos = {} as Record<number, Fatos>,
  /** The sale lote still running (its buys wait). */
  vendasEmAndamento = false,
  /** The list of models answers once this settles (a screen whose other data came first). */
  listaDepoisDe = Promise.resolve(),
} = {}) {
  let proximo = 1;
  const modelos = new Map<number, ModeloInput>(iniciais.map((m) => [proximo++, m]));
  const enviados: Array<{ key: string; body: Rebalancear }> = [];
  const seguidores = (id: number) => listMockClientes().filter((c) => c.modelo === id);
  const answer = (id: number): Modelo => ({
    id,
    ...modelos.get(id)!,
    clientes: seguidores(id).map((c) => c.id),
  });
  const recusa = (body: ModeloInput, id: number | null) => {
    const campos = validateModelo(body);
    if (campos) return invalid(camposToIssues(campos));
    const repetido = [...modelos].some(([outro, m]) => outro !== id && m.nome === body.nome);
    return repetido ? fail(409, MODELO_NOME_EM_USO) : null;
  };
  const naoEncontrado = () => fail(404, MODELO_NAO_ENCONTRADO);
  server.use(
    handle(e.list, async () => {
      await listaDepoisDe;
      return ok(e.list, [...modelos.keys()].map(answer));
    }),
    handle(e.get, ({ input: { params } }) =>
      modelos.has(params.id) ? ok(e.get, answer(params.id)) : naoEncontrado(),
    ),
    handle(e.create, ({ input: { body } }) => {
      const refused = recusa(body, null);
      if (refused) return refused;
      modelos.set(proximo, body);
      return ok(e.create, answer(proximo++));
    }),
    handle(e.update, ({ input: { params, body } }) => {
      if (!modelos.has(params.id)) return naoEncontrado();
      const refused = recusa(body, params.id);
      if (refused) return refused;
      modelos.set(params.id, body);
      return ok(e.update, answer(params.id));
    }),
    handle(e.delete, ({ input: { params } }) => {
      if (!modelos.has(params.id)) return naoEncontrado();
      const nomes = seguidores(params.id).map((c) => nomeDe(c, c.id));
      if (nomes.length) return fail(409, modeloSeguido(nomes));
      modelos.delete(params.id);
      return ok(e.delete, null);
    }),
    handle(e.validateRebalance, ({ input: { params, body } }) => {
      const modelo = modelos.get(params.id);
      if (!modelo) return naoEncontrado();
      const ids = body.clientes ?? seguidores(params.id).map((c) => c.id);
      const itens = ids.map((id) => {
        const cliente = findMockCliente(id);
        const item = planRebalance(
          {
            ...(fatos[id] ?? FATOS_OFFLINE),
            cliente: String(id),
            nome: nomeDe(cliente, id),
            modelo: cliente?.modelo === params.id ? modelo : null,
          },
          body,
        );
        return { ...item, cliente: id };
      });
      return ok(e.validateRebalance, { itens });
    }),
    handle(e.rebalance, ({ input: { params, headers, body } }) => {
      if (!modelos.has(params.id)) return naoEncontrado();
      enviados.push({ key: headers['idempotency-key'], body });
      return ok(e.rebalance, { lote_venda: LOTE_VENDA, lote_compra: LOTE_COMPRA });
    }),
    handle(lotesEndpoints.status, ({ input: { params } }) => {
      const envio = enviados.at(-1)?.body;
      if (!envio) return fail(404, recorded('lote-status-404').response.body.detail);
      const lado = params.lote_id === LOTE_VENDA ? 'venda' : 'compra';
      const lote = loteTerminado(params.lote_id, lado, envio);
      // While the sales run, the buy lote has no order yet (each client's leaves when its sales ended).
      const emAndamento = vendasEmAndamento ? emVoo(lote) : lote;
      const semOrdens = { ...emAndamento, itens: [] };
      return ok(
        lotesEndpoints.status,
        lado === 'venda' || !vendasEmAndamento ? emAndamento : semOrdens,
      );
    }),
  );
  return { enviados };
}
