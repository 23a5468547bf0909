import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ID_INVALIDO,
  QUANTIDADE_MAXIMA,
  TEXTO_COM_CONTROLE,
  VALOR_CASAS,
  VALOR_MAXIMO,
  VALOR_MINIMO,
} from '../../../contract';
import { acoes, clientes } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * The bounds of the contract at the edges of the database's columns: each of these answered 500 before (issue 12,
 * item 9), because the value reached PostgreSQL (an integer past 2^31 − 1, a NUL in a text, a numeric(18,4) past
 * 14 integer digits, a quantity past 2^53).
 */
describe('inputs at the edges of the columns: 400 naming the field', () => {
  let server: TestServer;
  let token: string;
  let clienteId: number;
  let acaoId: number;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login();
    const { db } = server.database;
    [{ id: acaoId }] = (await db
      .insert(acoes)
      .values({ ticker: 'PETR4' })
      .returning({ id: acoes.id })) as [{ id: number }];
    [{ id: clienteId }] = (await db
      .insert(clientes)
      .values({ nome: 'Ana' })
      .returning({ id: clientes.id })) as [{ id: number }];
  });
  afterAll(() => server.close());

  const send = async (method: string, path: string, json?: unknown) => {
    const res = await server.request(path, { method, token, json });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('an id past 2^31 − 1 in a body, a path or a query string', async () => {
    const operacao = { cliente: clienteId, acao: acaoId, quantidade: 100, preco_unitario: 10 };
    expect(await send('POST', '/api/operacoes/', { ...operacao, acao: 2 ** 31 })).toEqual({
      status: 400,
      body: { detail: 'Campo acao: Selecione a ação.', campos: { acao: 'Selecione a ação.' } },
    });
    expect((await send('POST', '/api/operacoes/', { ...operacao, cliente: 2 ** 31 })).body).toEqual(
      { detail: `Campo cliente: ${ID_INVALIDO}`, campos: { cliente: ID_INVALIDO } },
    );
    expect((await send('GET', `/api/clientes/${2 ** 31}/`)).status).toBe(400);
    expect((await send('GET', `/api/operacoes/?cliente=${2 ** 31}`)).status).toBe(400);
    // The largest id is a valid one, just not there.
    expect((await send('GET', `/api/clientes/${2 ** 31 - 1}/`)).status).toBe(404);
  });

  it('a NUL or another control character in a text', async () => {
    for (const [field, value] of [
      ['nome', 'Ana\u0000Souza'],
      ['codigo_xp', '10\u00010'],
      ['email', 'ana@x.com\u0000'],
    ] as const) {
      const { status, body } = await send('POST', '/api/clientes/', { [field]: value });
      expect(status).toBe(400);
      expect(Object.keys(body.campos as object)).toEqual([field]);
    }
    expect((await send('POST', '/api/clientes/', { nome: 'Ana\u0000' })).body).toEqual({
      detail: `Campo nome: ${TEXTO_COM_CONTROLE}`,
      campos: { nome: TEXTO_COM_CONTROLE },
    });
  });

  it('money and prices past 1e12, below 0.0001 or with more than 4 places; quantities past a billion', async () => {
    const base = { cliente: clienteId, acao: acaoId, quantidade: 100 };
    const campo = async (body: object) =>
      ((await send('POST', '/api/operacoes/', { ...base, ...body })).body.campos ?? {}) as object;
    expect(await campo({ preco_unitario: 1e14 })).toEqual({ preco_unitario: VALOR_MAXIMO });
    expect(await campo({ valor_alvo: 1e-300 })).toEqual({ valor_alvo: VALOR_MINIMO });
    expect(await campo({ preco_venda_unitario: 12.34567 })).toEqual({
      preco_venda_unitario: VALOR_CASAS,
    });
    expect(await campo({ quantidade: 2 ** 31 })).toEqual({ quantidade: QUANTIDADE_MAXIMA });

    const compra = `/api/clientes/${clienteId}/mt5/compra/validar/`;
    const pedido = { ticker: 'PETR4', modo: 'valor', execucao: 'limite', preco: 38, tp: 45 };
    expect((await send('POST', compra, { ...pedido, tp: 1e14, valor: 1000 })).body.campos).toEqual({
      tp: VALOR_MAXIMO,
    });
    expect((await send('POST', compra, { ...pedido, valor: 1e300 })).body.campos).toEqual({
      valor: VALOR_MAXIMO,
    });
    // Within each bound, but the quantity (valor ÷ preço) is not.
    expect(
      (await send('POST', compra, { ...pedido, preco: 0.0001, valor: 1e12 })).body.campos,
    ).toEqual({ valor: QUANTIDADE_MAXIMA });
    const venda = await send('POST', `/api/clientes/${clienteId}/mt5/venda/1/`, {
      execucao: 'limite',
      preco: 1e14,
    });
    expect(venda).toEqual({
      status: 400,
      body: { detail: `Campo preco: ${VALOR_MAXIMO}`, campos: { preco: VALOR_MAXIMO } },
    });
  });
});
