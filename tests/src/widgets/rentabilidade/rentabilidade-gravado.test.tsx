import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { recorded } from '../../../../mocks/recorded';
import { renderApp } from '../../../support/render';
import { capturarDownloads } from '../../components/exportar-support';

/**
 * Both RENTABILIDADE tabs over the real server's recorded answers (mocks/fixtures/rentabilidade*.json and
 * relatorio.json, replayed by mocks/handlers/rentabilidade.ts and relatorio.ts): a demo client's last year and
 * the book's, as the screens show them, and the recorded monthly report downloaded as it was made.
 */
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2 },
  LineSeries: 'linha',
  createChart: () => ({
    addSeries: () => ({ setData: () => {} }),
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
}));

/** 0.0123 → '1,23 %', as a reader sees it (no-break spaces read as spaces). */
const pct = (x: number | null) =>
  x === null
    ? '—'
    : `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
const br = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(() => import('../../../../src/widgets/rentabilidade/RentabilidadeCliente'), 60_000);
beforeEach(() => resetCarteiraMock());

describe('the RENTABILIDADE tabs on the recorded answers', () => {
  it('show the recorded client’s year: its figures, sources, grid, contribution and allocation', async () => {
    const r = recorded('rentabilidade').response.body;
    renderApp('/clientes/1/carteira?aba=rentabilidade');
    const figuras = await screen.findByRole(
      'group',
      { name: 'Rentabilidade no período' },
      { timeout: 5000 },
    );
    expect(figuras).toHaveTextContent(`Rentabilidade${pct(r.periodo.retorno)}`);
    expect(figuras).toHaveTextContent(`CDI${pct(r.periodo.cdi)}`);
    expect(figuras).toHaveTextContent(`Ibovespa${pct(r.periodo.ibov)}`);
    expect(screen.getByText(`Período medido: ${br(r.de)} a ${br(r.ate)}`)).toBeVisible();
    // The demo's CDI is estimated from the Selic targets, and it has no Ibovespa: both said.
    for (const aviso of r.avisos) expect(screen.getByText(aviso)).toBeVisible();
    expect(screen.getByText(/^CDI estimado pela meta Selic\. Ibovespa indisponível/)).toBeVisible();

    const grade = screen.getByRole('table', { name: 'Rentabilidade mês a mês' });
    const anos = [...new Set(r.meses.map((m) => m.mes.slice(0, 4)))];
    await waitFor(() =>
      expect(within(grade).getAllByRole('row')).toHaveLength(1 + 4 * anos.length),
    );
    const ultimo = r.meses.at(-1)!;
    const linha = within(grade).getByText(ultimo.mes.slice(0, 4)).closest('tr')!;
    const coluna = Number(ultimo.mes.slice(5, 7));
    expect(within(linha).getAllByRole('cell')[coluna]).toHaveTextContent(pct(ultimo.retorno));

    const contribuicao = screen.getByRole('table', { name: 'Contribuição por ação' });
    expect(within(contribuicao).getAllByRole('row')).toHaveLength(1 + r.contribuicao.length);
    const setores = screen.getByRole('group', { name: 'Por setor' });
    for (const s of r.alocacao.setores) {
      expect(within(setores).getByText(s.setor ?? 'Sem setor')).toBeVisible();
    }
  });

  it('downloads the recorded report of the last closed month', async () => {
    const arquivos = capturarDownloads();
    const gravado = recorded('relatorio');
    const mes = /relatorio\/(\d{4}-\d{2})\//.exec(gravado.request.path)![1]!;
    const { user } = renderApp('/clientes/1/carteira?aba=rentabilidade');
    const escolha = await screen.findByRole(
      'combobox',
      { name: 'Mês do relatório' },
      { timeout: 5000 },
    );
    // The months come with the client's history.
    await within(escolha).findByRole('option', { name: `${mes.slice(5)}/${mes.slice(0, 4)}` });
    await user.selectOptions(escolha, mes);
    await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toBe(`relatorio-ana-beatriz-carvalho-${mes}.pdf`);
    const bytes = new Uint8Array(await arquivos[0]!.blob.arrayBuffer());
    expect(bytes).toEqual(gravado.response.body);
  });

  it('lists the recorded book, every client of it linked to its tab', async () => {
    const livro = recorded('rentabilidade-livro').response.body;
    const { user } = renderApp('/controle-rv');
    await user.click(await screen.findByRole('tab', { name: 'RENTABILIDADE' }));
    const tabela = await screen.findByRole(
      'table',
      { name: 'Rentabilidade dos clientes' },
      { timeout: 5000 },
    );
    expect(within(tabela).getAllByRole('row')).toHaveLength(1 + livro.clientes.length);
    for (const c of livro.clientes) {
      const link = within(tabela).getByRole('link', { name: `Rentabilidade de ${c.nome}` });
      expect(link.closest('tr')).toHaveTextContent(pct(c.periodo.retorno));
    }
  });
});
