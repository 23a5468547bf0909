import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { inicioEndpoints, type Inicio } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { INICIO_POLL_MS, inicioQueries } from '../../../../src/api/inicio';
import { renderApp } from '../../../support/render';

/**
 * Issue 34, item 1: the home screen ("Dashboard") — the day's result and the month's, each section with its
 * count, every item a link to where it is acted on, the empty states that say all is well, pt-BR numbers.
 */

const vazia = (): Pick<Inicio, 'alvos'>['alvos'] => ({ total: 0, itens: [] });
const VAZIO: Inicio = {
  hoje: '2026-03-02',
  resultado: { dia: 0, dia_percentual: null, posicoes: 0, sem_cotacao: 0, mes: 0, vendas_mes: 0 },
  alvos: vazia(),
  stops: vazia(),
  ordens: { total: 0, itens: [] },
  lotes: { total: 0, itens: [] },
  terminais: { total: 0, itens: [] },
  divergencias: { total: 0, itens: [] },
  eventos: { total: 0, itens: [] },
  alertas: { total: 0, itens: [] },
};

const ORDEM = '3f1c2b8e-6a55-4b8e-9a0f-1d2c3b4a5e6f';
const LOTE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const CHEIO: Inicio = {
  ...VAZIO,
  resultado: {
    dia: -1234.56,
    dia_percentual: -3.26,
    posicoes: 12,
    sem_cotacao: 1,
    mes: 20500,
    vendas_mes: 3,
  },
  alvos: {
    total: 25,
    itens: [
      {
        operacao: 41,
        cliente: 7,
        nome: 'Ana Inicio',
        ticker: 'PETR4',
        quantidade: 1500,
        cotacao: 38.12,
        nivel: 38,
        distancia_percentual: -0.31,
      },
    ],
  },
  stops: {
    total: 1,
    itens: [
      {
        operacao: 42,
        cliente: 8,
        nome: 'Bia Inicio',
        ticker: 'VALE3',
        quantidade: 10,
        cotacao: 20.3,
        nivel: 20,
        distancia_percentual: 1.5,
      },
    ],
  },
  ordens: {
    total: 1,
    itens: [
      {
        id: ORDEM,
        cliente: 7,
        nome: 'Ana Inicio',
        lado: 'venda',
        ticker: 'ITSA4',
        estado: 'sent',
        em_duvida: true,
        lote: null,
        criada_em: '2026-03-02T13:05:00.000Z',
      },
    ],
  },
  lotes: {
    total: 1,
    itens: [
      {
        id: LOTE,
        lado: 'compra',
        ticker: 'WEGE3',
        em_voo: 4,
        em_duvida: 0,
        criado_em: '2026-03-02T13:00:00.000Z',
      },
    ],
  },
  terminais: {
    total: 1,
    itens: [
      {
        cliente: 9,
        nome: 'Caio Offline',
        status: 'offline',
        detalhe: 'Sem resposta do agente.',
        medido_em: '2026-03-02T12:59:00.000Z',
      },
    ],
  },
  divergencias: {
    total: 1,
    itens: [
      {
        alerta: 5,
        cliente: 8,
        nome: 'Bia Inicio',
        ticker: 'PETR4',
        titulo: 'Divergência na conciliação de Bia Inicio: PETR4 só no livro.',
        desde: '2026-03-02T12:00:00.000Z',
      },
    ],
  },
  eventos: {
    total: 1,
    itens: [{ id: 3, ticker: 'VALE3', tipo: 'dividendo', data_ex: '2026-03-05', clientes: 2 }],
  },
  alertas: {
    total: 1,
    itens: [
      {
        id: 11,
        alerta: 6,
        tipo: 'alvo',
        titulo: 'PETR4 atingiu o alvo de R$ 38,00.',
        criada_em: '2026-03-02T13:01:00.000Z',
      },
    ],
  },
};

const responder = (body: Inicio) =>
  server.use(handle(inicioEndpoints.inicio, () => ok(inicioEndpoints.inicio, body)));

const secao = async (titulo: string) =>
  (await screen.findByRole('heading', { name: titulo, level: 2 }, { timeout: 5000 })).closest(
    'section',
  )!;

const href = (el: HTMLElement) => el.closest('a')!.getAttribute('href');

describe('the home screen', () => {
  it('keeps its title and says all is well when nothing needs attention', async () => {
    responder(VAZIO);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await screen.findByText('Tudo em ordem: nada pede atenção agora.')).toBeVisible();
    expect(screen.getByText('Hoje, 02/03/2026.')).toBeVisible();
    for (const [titulo, vazio] of [
      ['Alvos atingidos', 'Nenhuma posição atingiu o alvo.'],
      ['Perto do stop', 'Nenhuma posição a menos de 2% do stop.'],
      ['Ordens em andamento ou em dúvida', 'Nenhuma ordem em andamento.'],
      ['Lotes em andamento', 'Nenhum lote em andamento.'],
      ['Terminais fora do ar', 'Todos os terminais estão online.'],
      ['Divergências na conciliação', 'Nenhuma divergência aberta na última conciliação.'],
      [
        'Eventos corporativos próximos',
        'Nenhuma data ex nos próximos 10 dias para ações em carteira.',
      ],
      ['Alertas não lidos', 'Nenhum alerta não lido.'],
    ]) {
      const s = await secao(titulo!);
      expect(within(s).getByText(vazio!)).toBeVisible();
      expect(within(s).getByLabelText('0 itens')).toHaveTextContent('0');
    }
    expect(screen.getByText('Nenhuma venda neste mês')).toBeVisible();
  });

  it('counts each section and links each item to where it is acted on, in pt-BR numbers', async () => {
    responder(CHEIO);
    renderApp('/');
    expect(await screen.findByText('-R$ 1.234,56', {}, { timeout: 5000 })).toHaveAttribute(
      'data-cor',
      'vermelho',
    );
    expect(
      screen.getByText(/-3,26% · 12 posições abertas contra o fechamento anterior · 1 sem cotação/),
    ).toBeVisible();
    expect(screen.getByText('R$ 20.500,00')).toHaveAttribute('data-cor', 'verde');
    expect(screen.getByText('3 vendas neste mês')).toBeVisible();
    expect(screen.queryByText('Tudo em ordem: nada pede atenção agora.')).toBeNull();

    const alvos = await secao('Alvos atingidos');
    expect(within(alvos).getByLabelText('25 itens')).toHaveTextContent('25');
    expect(href(within(alvos).getByText('PETR4 — Ana Inicio'))).toBe(
      '/clientes/7/carteira?aba=posicionadas&vender=41',
    );
    expect(
      within(alvos).getByText(/Cotação R\$ 38,12 · alvo R\$ 38,00 · To Gain -0,31% · 1\.500 ações/),
    ).toBeVisible();
    // 24 more than listed: where to see them all.
    expect(within(alvos).getByText(/e mais 24/)).toBeVisible();
    expect(href(within(alvos).getByText('ver no Controle RV'))).toBe('/controle-rv');

    const stops = await secao('Perto do stop');
    expect(href(within(stops).getByText('VALE3 — Bia Inicio'))).toBe(
      '/clientes/8/carteira?aba=posicionadas&vender=42',
    );
    expect(within(stops).getByText(/stop R\$ 20,00 · 1,50% acima/)).toBeVisible();

    const ordens = await secao('Ordens em andamento ou em dúvida');
    expect(href(within(ordens).getByText(/Venda de ITSA4 — Ana Inicio/))).toBe(`/ordens/${ORDEM}`);
    expect(within(ordens).getByText('Em dúvida')).toBeVisible();
    expect(within(ordens).getByText(/Resultado desconhecido · desde 02\/03\/2026/)).toBeVisible();

    const lotes = await secao('Lotes em andamento');
    expect(href(within(lotes).getByText(/Lote de compra de WEGE3/))).toBe(
      `/ordens/lote?lote=${LOTE}`,
    );
    expect(within(lotes).getByText(/4 ordens em andamento/)).toBeVisible();

    const terminais = await secao('Terminais fora do ar');
    expect(href(within(terminais).getByText('Caio Offline'))).toBe('/clientes/9/carteira');
    expect(within(terminais).getByText('Offline')).toBeVisible();

    const divergencias = await secao('Divergências na conciliação');
    expect(href(within(divergencias).getByText(CHEIO.divergencias.itens[0]!.titulo))).toBe(
      '/controle-rv',
    );

    const eventos = await secao('Eventos corporativos próximos');
    expect(href(within(eventos).getByText('Dividendo de VALE3'))).toBe('/ferramentas/eventos');
    expect(within(eventos).getByText('Data ex 05/03/2026 · 2 clientes têm a ação')).toBeVisible();

    const alertas = await secao('Alertas não lidos');
    expect(href(within(alertas).getByText('PETR4 atingiu o alvo de R$ 38,00.'))).toBe(
      '/alertas?tipo=alvo',
    );
  });

  it("shows the server's recorded answer, five items of a section until Mostrar mais", async () => {
    const gravado = recorded('inicio').response.body;
    const { user } = renderApp('/');
    const alvos = await secao('Alvos atingidos');
    expect(within(alvos).getByLabelText(`${gravado.alvos.total} itens`)).toBeVisible();
    const primeiro = gravado.alvos.itens[0]!;
    expect(href(within(alvos).getByText(`${primeiro.ticker} — ${primeiro.nome}`))).toBe(
      `/clientes/${primeiro.cliente}/carteira?aba=posicionadas&vender=${primeiro.operacao}`,
    );
    // The demo's day has more targets reached than a glance holds: the five nearest, then the rest on demand.
    expect(gravado.alvos.itens.length).toBeGreaterThan(5);
    expect(within(alvos).getAllByRole('listitem')).toHaveLength(5);
    await user.click(
      within(alvos).getByRole('button', { name: `Mostrar mais ${gravado.alvos.itens.length - 5}` }),
    );
    expect(within(alvos).getAllByRole('listitem')).toHaveLength(gravado.alvos.itens.length);
    await user.click(within(alvos).getByRole('button', { name: 'Mostrar menos' }));
    expect(within(alvos).getAllByRole('listitem')).toHaveLength(5);
    const terminais = await secao('Terminais fora do ar');
    expect(within(terminais).getByText(gravado.terminais.itens[0]!.nome)).toBeVisible();
  });

  it('says when it could not load, with Tentar novamente, and polls like the other live figures', async () => {
    server.use(
      http.get('*/api/inicio/', () => HttpResponse.json({ detail: 'Falha.' }, { status: 500 })),
    );
    renderApp('/');
    expect(
      await screen.findByText('Não foi possível carregar o resumo do dia.', {}, { timeout: 5000 }),
    ).toBeVisible();
    responder(VAZIO);
    await screen.getByRole('button', { name: 'Tentar novamente' }).click();
    expect(await screen.findByText('Tudo em ordem: nada pede atenção agora.')).toBeVisible();
    expect(inicioQueries.inicio().refetchInterval).toBe(INICIO_POLL_MS);
  });
});
