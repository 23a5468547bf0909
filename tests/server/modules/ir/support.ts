import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Acao, ApiError, ClasseAtivo, Evento, Operacao } from '../../../../contract';
import {
  auditLog,
  irSaldosIniciais,
  irVendasExternas,
  operacoes,
} from '../../../../server/db/schema';
import type { CarteiraServer } from '../operacoes/fixtures';

/** The income-tax API tests' steps, each through the real endpoints a user's screens call. */

export interface Compra {
  data: string;
  preco: number;
  quantidade: number;
  custos?: number;
}
export interface Venda {
  data: string;
  preco: number;
  custos?: number;
}

/** An asset of the universe with its class, set (or created) as Ferramentas → Ativos does. */
export async function acaoDe(s: CarteiraServer, ticker: string, classe: ClasseAtivo) {
  const res = await s.json<Acao>(`/api/acoes/${ticker}/`, {
    method: 'PUT',
    json: { empresa: `Empresa ${ticker}`, setor: null, classe },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

/** A manual operation as the dialog sends it: the buy, and the sale when there is one. */
export async function operacao(
  s: CarteiraServer,
  cliente: number,
  acao: number,
  compra: Compra,
  venda?: Venda,
) {
  const res = await s.json<Operacao>('/api/operacoes/', {
    method: 'POST',
    json: {
      cliente,
      acao,
      data_compra: compra.data,
      preco_unitario: compra.preco,
      quantidade: compra.quantidade,
      custos_compra: compra.custos ?? 0,
      data_venda: venda?.data ?? null,
      preco_venda_unitario: venda?.preco ?? null,
      custos_venda: venda?.custos ?? 0,
      valor_alvo: null,
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Sells an open operation whole (the dialog's edit with a sale date). */
export async function vender(s: CarteiraServer, id: number, venda: Venda) {
  const res = await s.json<Operacao>(`/api/operacoes/${id}/`, {
    method: 'PATCH',
    json: {
      data_venda: venda.data,
      preco_venda_unitario: venda.preco,
      custos_venda: venda.custos ?? 0,
    },
  });
  expect(res.status).toBe(200);
  return res.body;
}

export async function evento(s: CarteiraServer, json: Record<string, unknown>) {
  const res = await s.json<Evento>('/api/eventos-corporativos/', {
    method: 'POST',
    json: { fator: null, valor_por_acao: null, ...json },
  });
  expect(res.status).toBe(201);
  return res.body;
}

export async function put(s: CarteiraServer, path: string, json: unknown) {
  const res = await s.json<unknown>(path, { method: 'PUT', json });
  expect(res.status).toBe(200);
}

/** GET that must succeed, its body typed by the caller. */
export async function get<T>(s: CarteiraServer, path: string): Promise<T> {
  const res = await s.json<T & ApiError>(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** What a refused or read-only request must leave as it was. */
export async function contagens(s: CarteiraServer) {
  const { db } = s.database;
  const n = async (t: typeof auditLog | typeof operacoes | typeof irSaldosIniciais) =>
    (await db.select({ n: count() }).from(t))[0]!.n;
  return {
    audits: await n(auditLog),
    operacoes: await n(operacoes),
    saldos: await n(irSaldosIniciais),
    vendas: (await db.select({ n: count() }).from(irVendasExternas))[0]!.n,
  };
}
