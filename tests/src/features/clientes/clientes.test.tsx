import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClienteStatus } from '../../../../contract';
import { clientesQueries, STATUS_REFRESH_MS } from '../../../../src/api/clientes';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { CLIENTE_COM_POSICAO, RECUSA_DELETAR, recusaDeletar } from '../../scene';

beforeEach(() => resetClientesMock());

const table = async () => screen.findByRole('table', { name: 'Clientes' });
const rowOf = async (name: string) =>
  (await within(await table()).findByText(name)).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('/clientes: the table', () => {
  it('says the clients could not be loaded, instead of an empty list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/clientes/', () => HttpResponse.json({ detail: 'falhou' }, { status: 500 })),
    );
    renderApp('/clientes');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Não foi possível carregar os clientes.');
    expect(within(banner).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhum cliente cadastrado.')).not.toBeInTheDocument();
  });

  it('shows the exact columns, formatted document and phone, and % or a dash', async () => {
    renderApp('/clientes');
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/ [▲▼↕]$/, ''));
    expect(headers).toEqual([
      'Nome',
      'Email',
      'Documento',
      'Telefone',
      'Código XP',
      '% Patrimônio',
      'VM Nome',
      'VM IP',
      'VM IP Privado',
      // The model the client follows (issue 33).
      'Modelo',
      'Status MT5',
      'Ações',
    ]);

    expect(cells(await rowOf('Ana Beatriz Carvalho')).slice(0, 9)).toEqual([
      'Ana Beatriz Carvalho',
      'ana.carvalho@gmail.com',
      '526.018.159-06',
      '(11) 98745-1236',
      '2847163',
      '20,00%',
      'VM-MT5-01',
      '203.0.113.11',
      '10.20.0.11',
    ]);
    expect(cells(await rowOf('Bruno Henrique Almeida'))[5]).toBe('12,50%');
    const company = cells(await rowOf('Nascimento Participações Ltda'));
    expect(company.slice(2, 4)).toEqual(['55.597.971/0001-52', '(11) 3322-4455']);
    // No percent, no e-mail, no IPs: dashes.
    const diego = cells(await rowOf('Diego Fernandes Souza'));
    expect([diego[1], diego[5], diego[7], diego[8]]).toEqual(['—', '—', '—', '—']);
  });

  it('links each client to its portfolio', async () => {
    renderApp('/clientes');
    const row = await rowOf('Bruno Henrique Almeida');
    expect(within(row).getByRole('link', { name: 'Abrir carteira' })).toHaveAttribute(
      'href',
      '/clientes/2/carteira',
    );
  });
});

describe('/clientes: Status MT5', () => {
  const every: Array<[ClienteStatus | null, string, string]> = [
    [{ id: 1, status: 'online', ping: 12, detail: null }, 'online', 'Online — ping 12 ms'],
    [
      { id: 2, status: 'warning', ping: 18, detail: 'AutoTrading desativado' },
      'warning',
      'Atenção — AutoTrading desativado — ping 18 ms',
    ],
    [
      { id: 3, status: 'offline', ping: null, detail: 'Conexão recusada pelo agente MT5' },
      'offline',
      'Offline — Conexão recusada pelo agente MT5',
    ],
    [
      { id: 4, status: 'timeout', ping: null, detail: 'Sem resposta em 3000 ms' },
      'timeout',
      'Timeout — Sem resposta em 3000 ms',
    ],
    [
      { id: 5, status: 'error', ping: 40, detail: 'Agente MT5 respondeu HTTP 500' },
      'error',
      'Erro — Agente MT5 respondeu HTTP 500 — ping 40 ms',
    ],
    [{ id: 6, status: 'missing_ip', ping: null, detail: null }, 'missing_ip', 'Sem IP'],
    [
      { id: 7, status: 'manutencao', ping: 5, detail: null },
      'manutencao',
      'Status desconhecido — ping 5 ms',
    ],
    [null, 'checking', 'Verificando MT5...'],
  ];

  it('gives every status its tooltip text, and says Verificando MT5... while none is known', async () => {
    resetClientesMock(
      every.map((_, i) => ({
        id: i + 1,
        nome: `Cliente ${i + 1}`,
        email: null,
        documento: null,
        telefone: null,
        codigo_xp: null,
        percentual_patrimonio: 0,
        vm: null,
        vm_ip: null,
        vm_private_ip: null,
      })),
    );
    server.use(
      http.get('/api/clientes-status/', () =>
        HttpResponse.json(every.flatMap(([s]) => (s ? [s] : []))),
      ),
    );
    const { user } = renderApp('/clientes');
    await screen.findByRole('img', { name: 'Online — ping 12 ms' });
    for (const [i, [, status, text]] of every.entries()) {
      const dot = within(await rowOf(`Cliente ${i + 1}`)).getByRole('img');
      expect(dot).toHaveAccessibleName(text);
      expect(dot).toHaveAttribute('data-status', status);
    }
    await user.hover(within(await rowOf('Cliente 2')).getByRole('img'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Atenção — AutoTrading desativado — ping 18 ms',
    );
  });

  it("shows 'Verificando MT5...' until the statuses arrive", async () => {
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/clientes-status/', async () => {
        await gate;
        return HttpResponse.json([{ id: 1, status: 'online', ping: 3, detail: null }]);
      }),
    );
    renderApp('/clientes');
    const row = await rowOf('Ana Beatriz Carvalho');
    expect(within(row).getByRole('img')).toHaveAccessibleName('Verificando MT5...');
    answer();
    await waitFor(() =>
      expect(within(row).getByRole('img')).toHaveAccessibleName('Online — ping 3 ms'),
    );
  });

  it('shows each client’s status as soon as the server has measured it, asking again meanwhile', async () => {
    // The server answers at once with what it has measured: Ana's VM first, Bruno's later.
    const answers = [
      [],
      [{ id: 1, status: 'online', ping: 3, detail: null }],
      [
        { id: 1, status: 'online', ping: 3, detail: null },
        { id: 2, status: 'offline', ping: null, detail: 'VM inacessível' },
      ],
    ];
    let asked = 0;
    server.use(
      http.get('/api/clientes-status/', () =>
        HttpResponse.json(answers[Math.min(asked++, answers.length - 1)]),
      ),
    );
    renderApp('/clientes');
    const ana = await rowOf('Ana Beatriz Carvalho');
    const bruno = await rowOf('Bruno Henrique Almeida');
    await waitFor(
      () => expect(within(ana).getByRole('img')).toHaveAccessibleName('Online — ping 3 ms'),
      { timeout: 5_000 },
    );
    expect(within(bruno).getByRole('img')).toHaveAccessibleName('Verificando MT5...');
    await waitFor(
      () => expect(within(bruno).getByRole('img')).toHaveAccessibleName('Offline — VM inacessível'),
      { timeout: 5_000 },
    );
  }, 15_000);

  it('refreshes the statuses every 1800 seconds', () => {
    const { refetchInterval } = clientesQueries.status();
    expect(STATUS_REFRESH_MS).toBe(1_800_000);
    expect(
      typeof refetchInterval === 'function' ? refetchInterval({} as never) : refetchInterval,
    ).toBe(1_800_000);
  });
});

describe('/clientes: the client dialog', () => {
  it('opens Novo Cliente with Cancelar and Criar, and a percent field typed as a Brazilian types it', async () => {
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    expect(within(dialog).getByRole('button', { name: 'Criar' })).toBeInTheDocument();
    // The SPA's one decimal field (a text box read in pt-BR), not the browser's number box.
    const percent = within(dialog).getByLabelText('% Patrimônio');
    expect(percent).toHaveAttribute('type', 'text');
    expect(percent).toHaveAttribute('inputmode', 'decimal');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes % Patrimônio typed with a comma, 7,25, as 7.25 (issue 34, rough edge 6)', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/clientes/') {
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
      }
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Paula Vírgula');
    await user.type(within(dialog).getByLabelText('% Patrimônio'), '7,25');
    expect(within(dialog).getByLabelText('% Patrimônio')).toHaveValue('7,25');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([expect.objectContaining({ percentual_patrimonio: 7.25 })]);
    expect(cells(await rowOf('Paula Vírgula'))[5]).toBe('7,25%');
    server.events.removeAllListeners();
  });

  it('creates a client with only a name, and the list shows it', async () => {
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Marina Lopes');
    await user.type(within(dialog).getByLabelText('% Patrimônio'), '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cells(await rowOf('Marina Lopes'))[5]).toBe('7,50%');
  });

  it('saves at once, without waiting for the MT5 statuses', async () => {
    let asked = 0;
    server.use(
      http.get('/api/clientes-status/', async () => {
        // The first answer comes; any later one never does (a VM that hangs).
        if (asked++ > 0) await new Promise(() => {});
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Marina Lopes');
    await user.type(within(dialog).getByLabelText('VM IP Privado'), '10.0.0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const marina = await rowOf('Marina Lopes');
    expect(within(marina).getByRole('img')).toHaveAccessibleName('Verificando MT5...');
    expect(asked).toBeGreaterThan(1);
  });

  it("shows 'Digite um email válido' under the field and blocks saving with the alert", async () => {
    const posts = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts();
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText('Email'), 'marina lopes@gmail');
    await user.tab();
    expect(await within(dialog).findByText('Digite um email válido')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Digite um email válido antes de salvar.',
    );
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeInTheDocument();
    expect(posts).not.toHaveBeenCalled();
    server.events.removeAllListeners();

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'marina@gmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await table()).findByText('marina@gmail.com')).toBeInTheDocument();
  });

  it('opens Editar Cliente filled in, with Salvar, and saves the change', async () => {
    const { user } = renderApp('/clientes');
    const row = await rowOf('Bruno Henrique Almeida');
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Bruno Henrique Almeida');
    expect(within(dialog).getByLabelText('% Patrimônio')).toHaveValue('12,50');
    const percent = within(dialog).getByLabelText('% Patrimônio');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () =>
      expect(cells(await rowOf('Bruno Henrique Almeida'))[5]).toBe('15,00%'),
    );
  });
});

describe("/clientes: the client's own MT5 agent token", () => {
  it('is written once, never shown again, kept when left blank, and can be removed', async () => {
    const puts: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT') puts.push(await request.clone().json());
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const created = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(created).getByLabelText('Nome'), 'Marina Lopes');
    const field = within(created).getByLabelText('Token do agente MT5 (próprio do cliente)');
    expect(field).toHaveAttribute('type', 'password');
    await user.type(field, 'curto');
    await user.click(within(created).getByRole('button', { name: 'Criar' }));
    expect(
      await within(created).findByText('O token do agente MT5 deve ter ao menos 32 caracteres.'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 't'.repeat(40));
    await user.click(within(created).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowOf('Marina Lopes')).getByRole('button', { name: 'Editar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(dialog).getByLabelText('Token do agente MT5 (próprio do cliente)')).toHaveValue(
      '',
    );
    expect(
      within(dialog).getByText('Este cliente tem um token próprio; deixe em branco para mantê-lo.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts.at(-1)).not.toHaveProperty('mt5_token', null);

    await user.click(within(await rowOf('Marina Lopes')).getByRole('button', { name: 'Editar' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    await user.click(within(dialog).getByText('Remover o token próprio (usar o token comum)'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts.at(-1)).toHaveProperty('mt5_token', null);
    server.events.removeAllListeners();
  });
});

describe('/clientes: delete', () => {
  it("asks 'Deseja realmente deletar?' and removes the client", async () => {
    const { user } = renderApp('/clientes');
    const row = await rowOf('Ana Beatriz Carvalho');
    await user.click(within(row).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Clientes' })).queryByText('Ana Beatriz Carvalho'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the client when Cancelar is chosen', async () => {
    const { user } = renderApp('/clientes');
    await user.click(
      within(await rowOf('Ana Beatriz Carvalho')).getByRole('button', { name: 'Deletar' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await rowOf('Ana Beatriz Carvalho')).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(recusaDeletar());
    const { user } = renderApp('/clientes');
    const row = await rowOf('Nascimento Participações Ltda');
    expect(CLIENTE_COM_POSICAO).toBe(3);
    await user.click(within(row).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(RECUSA_DELETAR);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await rowOf('Nascimento Participações Ltda')).toBeInTheDocument();
  });
});
