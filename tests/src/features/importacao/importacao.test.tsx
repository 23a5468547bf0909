import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../mocks/node';
import { formatDate } from '../../../../shared/format';
import { NADA_IMPORTADO } from '../../../../src/features/importacao/ImportacaoPage';
import { renderApp } from '../../../support/render';
import {
  MOCK_CONFLICT_DATE,
  MOCK_INVALID_DATE,
  MOCK_INVALID_DETAIL,
  planilhaRecusada,
} from '../../scene';

const xlsx = (name = 'carteira.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function openPage() {
  const view = renderApp('/ferramentas/importacao');
  await screen.findByRole('heading', { name: 'Importação' });
  return view;
}

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  { data = '2025-02-28', file = xlsx() as File | null } = {},
) {
  // Typed as a Brazilian types it: the test data is aaaa-mm-dd.
  if (data) await user.type(screen.getByLabelText(/Data de referência/), formatDate(data));
  if (file) await user.upload(screen.getByLabelText(/Arquivo/), file);
}

const submit = () => screen.getByRole('button', { name: 'OK — Importar' });

/** Calls `listener` with each request to the import (the app's header polls other endpoints meanwhile). */
const onUpload = (listener: (request: Request) => unknown) =>
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/importacao/upload/') void listener(request);
  });

describe('import screen', () => {
  it('shows the date field, one xlsx/xls file chooser and the button', async () => {
    await openPage();
    const file = screen.getByLabelText(/Arquivo/);
    expect(file).toHaveAttribute('type', 'file');
    expect(file).toHaveAttribute('accept', '.xlsx,.xls');
    expect(file).not.toHaveAttribute('multiple');
    expect(submit()).toBeEnabled();
  });

  it('takes the date as dd/mm/aaaa and chooses the file in Portuguese, whatever the browser', async () => {
    const { user } = await openPage();
    // Not the browser's date input (mm/dd/yyyy in an English one) nor its file input ('Choose File').
    const data = screen.getByLabelText(/Data de referência/);
    expect(data).toHaveAttribute('type', 'text');
    expect(data).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await user.type(data, '28022025');
    expect(data).toHaveValue('28/02/2025');
    expect(screen.getByLabelText(/Arquivo/)).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
    expect(screen.getByText('Nenhum arquivo selecionado')).toBeVisible();
    await user.upload(screen.getByLabelText(/Arquivo/), xlsx('posicao-fevereiro.xlsx'));
    expect(screen.getByText('posicao-fevereiro.xlsx')).toBeVisible();
    expect(screen.queryByText('Nenhum arquivo selecionado')).not.toBeInTheDocument();
  });

  it('says when the typed date is not one', async () => {
    const { user } = await openPage();
    await fill(user, { data: '' });
    await user.type(screen.getByLabelText(/Data de referência/), '31022025');
    await user.click(submit());
    expect(await screen.findByText('Informe uma data válida (dd/mm/aaaa).')).toBeInTheDocument();
  });

  it('asks for the date and the file before sending anything', async () => {
    const sent = vi.fn();
    onUpload(sent);
    const { user } = await openPage();
    await user.click(submit());
    expect(await screen.findByText('Informe a data de referência.')).toBeInTheDocument();
    expect(
      screen.getByText('Selecione o arquivo (com abas de Patrimônio e Custódia).'),
    ).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('asks for the file when only the date is given', async () => {
    const { user } = await openPage();
    await fill(user, { file: null });
    await user.click(submit());
    expect(
      await screen.findByText('Selecione o arquivo (com abas de Patrimônio e Custódia).'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Informe a data de referência.')).not.toBeInTheDocument();
  });

  it('refuses a file that is not .xlsx or .xls', async () => {
    const { user } = await openPage();
    // The chooser's accept list already hides such files; a drop or an "all files" pick still gets here.
    fireEvent.change(screen.getByLabelText(/Arquivo/), {
      target: { files: [new File(['a;b'], 'carteira.csv')] },
    });
    await user.type(screen.getByLabelText(/Data de referência/), '28/02/2025');
    await user.click(submit());
    expect(await screen.findByText('Selecione um arquivo .xlsx ou .xls.')).toBeInTheDocument();
  });

  it("sends the multipart form and shows the auto success message, with 'Enviando...' meanwhile", async () => {
    let received: FormData | null = null;
    server.use(
      http.post('/api/importacao/upload/', async ({ request }) => {
        received = await request.formData();
        await delay(150);
        return HttpResponse.json({
          resumo: {
            patrimonio: { linhas: 12, status: 'importado' },
            custodia: { linhas: 0, status: 'ausente' },
          },
        });
      }),
    );
    const { user } = await openPage();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: /Enviando\.\.\./ })).toBeDisabled();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Importado (auto) — Patrimônio: 12 [importado] | Custódia: 0 [ausente]',
    );
    expect(received!.get('tipo')).toBe('auto');
    expect(received!.get('data_referencia')).toBe('2025-02-28');
    expect(received!.get('force')).toBeNull();
    expect((received!.get('arquivo') as File).type).toBe(xlsx().type);
    expect(screen.getByRole('button', { name: 'OK — Importar' })).toBeEnabled();
  });

  it('shows the single-type message and dashes for an empty resumo', async () => {
    server.use(
      http.post('/api/importacao/upload/', () =>
        HttpResponse.json({ linhas: 7, status: 'importado' }),
      ),
    );
    const { user } = await openPage();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Importado auto (7 linhas) [importado]',
    );

    server.use(http.post('/api/importacao/upload/', () => HttpResponse.json({ resumo: {} })));
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Importado (auto) — Patrimônio: — [—] | Custódia: — [—]',
      ),
    );
  });

  it("opens 'Dados já existem' on 409; Sobrescrever retries forced and says Sobrescrito", async () => {
    const forces: (string | null)[] = [];
    onUpload(async (request) => {
      forces.push(((await request.clone().formData()).get('force') as string | null) ?? null);
    });
    const { user } = await openPage();
    await fill(user, { data: MOCK_CONFLICT_DATE });
    await user.click(submit());

    const dialog = await screen.findByRole('alertdialog', { name: 'Dados já existem' });
    expect(within(dialog).getByText(/31\/01\/2025/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sobrescrever' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sobrescrito (auto) — Patrimônio: 3 [sobrescrito] | Custódia: 4 [sobrescrito]',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(forces).toEqual([null, 'true']);
    server.events.removeAllListeners();
  });

  it('Cancelar closes the dialog and sends nothing more', async () => {
    const sent = vi.fn();
    onUpload(sent);
    const { user } = await openPage();
    await fill(user, { data: MOCK_CONFLICT_DATE });
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Dados já existem' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The page says what became of the file: nothing was imported.
    expect(screen.getByRole('status')).toHaveTextContent(NADA_IMPORTADO);
    server.events.removeAllListeners();
  });

  it("shows 'Falha ao importar auto.' with the error and the server's detail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(planilhaRecusada());
    const { user } = await openPage();
    await fill(user, { data: MOCK_INVALID_DATE });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Falha ao importar auto. Erro 400: Bad Request — ${MOCK_INVALID_DETAIL}`,
    );
  });

  it("shows 'Falha ao sobrescrever auto.' when the forced retry fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/importacao/upload/', async ({ request }) => {
        const form = await request.formData();
        return form.get('force') === 'true'
          ? HttpResponse.json({ detail: 'Erro interno do servidor.' }, { status: 500 })
          : HttpResponse.json({ detail: 'Já existem dados.' }, { status: 409 });
      }),
    );
    const { user } = await openPage();
    await fill(user);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Sobrescrever' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Falha ao sobrescrever auto. Erro 500: Internal Server Error — Erro interno do servidor.',
    );
  });
});
