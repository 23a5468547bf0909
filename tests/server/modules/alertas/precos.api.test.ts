import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alerta, Notificacao, RegraPreco } from '../../../../contract';
import {
  notificacoesDe,
  seedOperacao,
  setQuote,
  startAlertasServer,
  type AlertasServer,
} from './support';

/**
 * Issue 31: a target fires once and is armed again only 0.5 % below it; a stop the same way downwards; a user's
 * price rule fires once until armed again by hand, and a duplicate is a 409.
 */
describe('alerts on targets, stops and price rules', () => {
  let server: AlertasServer;
  beforeAll(async () => {
    server = await startAlertasServer();
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const deTipo = async (tipo: string, chave?: (n: Notificacao) => boolean) =>
    (await notificacoesDe(server)).filter((n) => n.tipo === tipo && (chave ? chave(n) : true));

  /** Each quote in turn, a check after each, a minute apart. */
  async function play(acaoId: number, quotes: string[]) {
    for (const q of quotes) {
      await setQuote(db(), acaoId, q);
      server.clock.advance(60);
      await server.step();
    }
  }

  it('target 10.00 and quotes 9.80, 10.10, 10.30, 9.97, 10.20: one notification', async () => {
    const { acaoId, operacaoId } = await seedOperacao(db(), { ticker: 'PETR4', alvo: '10.00' });
    await play(acaoId, ['9.80', '10.10', '10.30', '9.97', '10.20']);
    const notificacoes = await deTipo('alvo', (n) => n.assunto.operacao === operacaoId);
    expect(notificacoes).toHaveLength(1);
    expect(notificacoes[0]).toMatchObject({
      motivo: 'disparo',
      lida: false,
      email: null,
      assunto: { ticker: 'PETR4', operacao: operacaoId, cliente_nome: 'Ana Alvo' },
    });
    expect(notificacoes[0]!.titulo).toBe(
      'PETR4 atingiu o alvo de R$ 10,00 (cotação R$ 10,10) — Ana Alvo.',
    );
  });

  it('target 10.00 and quotes 9.80, 10.10, 9.94, 10.20: two (armed again below 9.95)', async () => {
    const { acaoId, operacaoId } = await seedOperacao(db(), { ticker: 'VALE3', alvo: '10.00' });
    await play(acaoId, ['9.80', '10.10', '9.94', '10.20']);
    expect(await deTipo('alvo', (n) => n.assunto.operacao === operacaoId)).toHaveLength(2);
    const { body } = await server.api<Alerta[]>(`/api/alertas/?tipo=alvo&estado=`);
    const deste = body.filter((a) => a.assunto.operacao === operacaoId);
    // The first episode ended when the quote fell below 9.95; the second is firing.
    expect(deste.map((a) => a.estado)).toEqual(['disparado', 'resolvido']);
    expect(deste[0]).toMatchObject({ nivel: 10, cotacao: 10.2, critico: false });
  });

  it('a stop fires at or below it, once, and is armed again 0.5 % above', async () => {
    const { acaoId, operacaoId } = await seedOperacao(db(), { ticker: 'ITUB4', stop: '20.00' });
    await play(acaoId, ['21.00', '20.00', '19.50', '20.08', '19.90', '20.10', '19.99']);
    const stops = await deTipo('stop', (n) => n.assunto.operacao === operacaoId);
    // 20.00 fires; 20.08 is below 20.10 (still fired); 20.10 arms it again; 19.99 fires again.
    expect(stops).toHaveLength(2);
    expect(stops[1]!.titulo).toBe(
      'ITUB4 chegou ao stop de R$ 20,00 (cotação R$ 20,00) — Ana Alvo.',
    );
  });

  it('a sold operation ends its alert and says nothing more', async () => {
    const { acaoId, operacaoId } = await seedOperacao(db(), { ticker: 'BBAS3', alvo: '30.00' });
    await play(acaoId, ['31.00']);
    await server.database.db.execute(
      `update operacoes set data_venda = '2026-03-02', preco_venda_unitario = 31 where id = ${operacaoId}`,
    );
    await play(acaoId, ['29.00', '31.00']);
    expect(await deTipo('alvo', (n) => n.assunto.operacao === operacaoId)).toHaveLength(1);
    const { body } = await server.api<Alerta[]>('/api/alertas/?tipo=alvo&estado=resolvido');
    expect(body.some((a) => a.assunto.operacao === operacaoId)).toBe(true);
  });

  it('a price rule fires once, a duplicate is a 409, and armed again it fires at the next crossing', async () => {
    const { acaoId } = await seedOperacao(db(), { ticker: 'WEGE3' });
    await setQuote(db(), acaoId, '40.00');
    const regra = { ticker: 'wege3', direcao: 'acima', nivel: 42.5 };
    const created = await server.api<RegraPreco>('/api/alertas/regras/', {
      method: 'POST',
      json: regra,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ticker: 'WEGE3',
      direcao: 'acima',
      nivel: 42.5,
      armada: true,
    });

    const duplicate = await server.api<{ detail: string }>('/api/alertas/regras/', {
      method: 'POST',
      json: { ...regra, nivel: 42.5 },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe(
      'Você já tem uma regra para esta ação, nesta direção e neste nível.',
    );
    const unknown = await server.api<{ campos: Record<string, string> }>('/api/alertas/regras/', {
      method: 'POST',
      json: { ...regra, ticker: 'XXXX3' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.campos).toEqual({ ticker: 'Ação não encontrada.' });
    expect((await server.api<RegraPreco[]>('/api/alertas/regras/')).body).toHaveLength(1);

    await play(acaoId, ['42.00', '42.50', '41.00', '43.00']);
    const id = created.body.id;
    expect(await deTipo('preco', (n) => n.assunto.regra === id)).toHaveLength(1);
    const [fired] = (await server.api<RegraPreco[]>('/api/alertas/regras/')).body;
    expect(fired).toMatchObject({ armada: false });
    expect(fired!.disparada_em).not.toBeNull();

    const again = await server.api<RegraPreco>(`/api/alertas/regras/${id}/rearmar/`, {
      method: 'POST',
    });
    expect(again.status).toBe(200);
    // Still above the level: armed again, it fires at the next check (the re-arm asks for one at once).
    await play(acaoId, ['43.10']);
    expect(await deTipo('preco', (n) => n.assunto.regra === id)).toHaveLength(2);

    // A rule not fired yet is armed already.
    const abaixo = await server.api<RegraPreco>('/api/alertas/regras/', {
      method: 'POST',
      json: { ticker: 'WEGE3', direcao: 'abaixo', nivel: 30 },
    });
    const armada = await server.api<{ detail: string }>(
      `/api/alertas/regras/${abaixo.body.id}/rearmar/`,
      { method: 'POST' },
    );
    expect(armada.status).toBe(409);
    expect(armada.body.detail).toBe('A regra já está armada.');

    expect((await server.api(`/api/alertas/regras/${id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await server.api(`/api/alertas/regras/${id}/`, { method: 'DELETE' })).status).toBe(404);
    await play(acaoId, ['44.00']);
    const { body } = await server.api<Alerta[]>('/api/alertas/?tipo=preco');
    expect(body.filter((a) => a.assunto.regra === null).map((a) => a.estado)).toEqual([
      'resolvido',
      'resolvido',
    ]);
  });
});
