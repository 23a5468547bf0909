import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ordensEndpoints, type Ordem } from '../../../contract';
import { handle, ok } from '../../../mocks/contract';
import { server } from '../../../mocks/node';
import { renderApp } from '../../support/render';
import { capturarDownloads, carimbado, exportar, lerXlsx, ordem } from './exportar-support';

/**
 * Issue 26, item 9: a text longer than an Excel cell holds (32,767 characters) no longer stops the export, and an
 * export that fails says so.
 */

// What a broker could answer: a comment far longer than a cell holds.
const comentario = `Rejeitada pela corretora: ${'motivo '.repeat(6_000)}`.slice(0, 40_000);
const longa: Ordem = {
  ...ordem,
  legs: [{ ...ordem.legs[0]!, broker_comment: comentario }, ordem.legs[1]!],
};

async function historico(ordens: Ordem[]) {
  server.use(
    handle(ordensEndpoints.list, () =>
      ok(ordensEndpoints.list, { results: ordens, next_cursor: null }),
    ),
  );
  const rendered = renderApp('/ordens');
  const tabela = await screen.findByRole(
    'table',
    { name: 'Histórico de ordens' },
    { timeout: 5000 },
  );
  await within(tabela).findByText('PETR4');
  return rendered;
}

describe('Exportar on the order history, at the edges', () => {
  it('a 40,000-character comment: the Excel file is made, the cell cut to what Excel holds and marked “…”', async () => {
    const arquivos = capturarDownloads();
    const { user } = await historico([longa]);
    await exportar(user, 'Excel (.xlsx)');

    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('ordens', 'xlsx'));
    const ws = await lerXlsx(arquivos[0]!.blob);
    const retorno = String(ws.I2?.v);
    // Excel's limit for a cell's text.
    expect(retorno).toHaveLength(32_767);
    expect(retorno.startsWith('10010 Solicitação executada parcialmente — Rejeitada pela')).toBe(
      true,
    );
    expect(retorno.endsWith('…')).toBe(true);
    expect([ws.C2?.v, ws.K2?.v]).toEqual(['PETR4', ordem.lote_id]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an export that fails, in either format, tells why; the next one that works clears it', async () => {
    const arquivos = capturarDownloads();
    // The failures are also written to the console, for whoever investigates.
    const consola = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await historico([ordem]);
    const criar = URL.createObjectURL.bind(URL);
    // The browser refuses the file (out of memory, say): nothing is downloaded.
    const recusar = () =>
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        value: () => {
          throw new Error('memória insuficiente');
        },
      });
    const mensagem = 'Não foi possível exportar: memória insuficiente';

    recusar();
    await exportar(user, 'Excel (.xlsx)');
    expect(await screen.findByRole('alert')).toHaveTextContent(mensagem);
    expect(arquivos).toEqual([]);

    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: criar });
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    recusar();
    await exportar(user, 'CSV (.csv)');
    expect(await screen.findByRole('alert')).toHaveTextContent(mensagem);
    expect(arquivos).toHaveLength(1);
    expect(consola).toHaveBeenCalledTimes(2);
    consola.mockRestore();
  });
});
