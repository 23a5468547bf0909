import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordensEndpoints } from '../../../contract';
import { handle, ok } from '../../../mocks/contract';
import { server } from '../../../mocks/node';
import { resetCarteiraMock } from '../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../mocks/handlers/clientes';
import { daysBetween, todayIso } from '../../../shared/dates';
import { chooseInMenu } from '../../support/menu';
import { renderApp } from '../../support/render';
import {
  capturarDownloads,
  carimbado,
  exportar,
  lerXlsx,
  linhasCsv,
  ordem,
  vistaDaFolha,
} from './exportar-support';

const hoje = todayIso();

afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  resetCarteiraMock();
  resetClientesMock();
});

describe('Exportar on the portfolio’s grids', () => {
  async function posicionadas() {
    const rendered = renderApp('/clientes/1/carteira');
    await rendered.user.click(
      await screen.findByRole('tab', { name: 'POSICIONADAS' }, { timeout: 5000 }),
    );
    const tabela = await screen.findByRole('table', { name: 'Operações posicionadas' });
    // The quotes arrive after the rows.
    await within(tabela).findByText('31,50');
    return { ...rendered, tabela };
  }

  it('POSICIONADAS to CSV: the rows in the order shown, every column but the buttons, the client in the name', async () => {
    const arquivos = capturarDownloads();
    const { user, tabela } = await posicionadas();
    await user.click(within(tabela).getByRole('button', { name: 'Ação' }));
    await exportar(user, 'CSV (.csv)');

    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('posicionadas-ana-beatriz-carvalho', 'csv'));
    expect(arquivos[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const dias = (compra: string) => Math.max(0, daysBetween(compra, hoje));
    expect(await linhasCsv(arquivos[0]!.blob)).toEqual([
      'Ação;Data Compra;Preço Unitário;Quantidade;Valor Total Compra;Alvo (R$);Dias Posicionado;Preço Atual;Variação (%);To Gain (%);Resultado (R$)',
      `ITUB3;01/07/2025;30,00;100;3000,00;32,00;${dias('2025-07-01')};33,00;10,00;-3,03;300,00`,
      `PETR4;04/08/2025;30,00;100;3000,00;33,00;${dias('2025-08-04')};31,50;5,00;4,76;150,00`,
      `VALE3;01/09/2025;60,00;200;12000,00;63,00;${dias('2025-09-01')};57,00;-5,00;10,53;-600,00`,
    ]);
  });

  it('POSICIONADAS to XLSX: numbers stay numbers, money in reais, percentages as percentages, dates as dates', async () => {
    const arquivos = capturarDownloads();
    const { user } = await posicionadas();
    await exportar(user, 'Excel (.xlsx)');

    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('posicionadas-ana-beatriz-carvalho', 'xlsx'));
    // The header row frozen: it stays in view while the rows scroll in Excel (issue 34, rough edge 15).
    expect(await vistaDaFolha(arquivos[0]!.blob)).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    const ws = await lerXlsx(arquivos[0]!.blob);
    expect(ws['!ref']).toBe('A1:K4');
    // The grid's first order, the newest purchase first: VALE3, PETR4, ITUB3.
    const linha = (r: number) =>
      'ABCDEFGHIJK'.split('').map((c) => [ws[`${c}${r}`]?.t, ws[`${c}${r}`]?.v, ws[`${c}${r}`]?.z]);
    expect(linha(3)).toEqual([
      ['s', 'PETR4', 'General'],
      ['n', 45873, 'dd/mm/yyyy'],
      ['n', 30, '"R$" #,##0.00'],
      ['n', 100, '#,##0'],
      ['n', 3000, '"R$" #,##0.00'],
      ['n', 33, '"R$" #,##0.00'],
      ['n', Math.max(0, daysBetween('2025-08-04', hoje)), '#,##0'],
      ['n', 31.5, '"R$" #,##0.00'],
      ['n', 0.05, '0.00%'],
      // (33 − 31,50) / 31,50: to the 10 places of a percentage, without the binary noise of 30 → 31,50's 5 %.
      ['n', 0.047619047619, '0.00%'],
      ['n', 150, '"R$" #,##0.00'],
    ]);
    expect(ws.B3?.w).toBe('04/08/2025');
    expect([ws.A2?.v, ws.A4?.v]).toEqual(['VALE3', 'ITUB3']);
  });

  it('names two exports of one day apart, each with its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T18:30:12Z'));
    const arquivos = capturarDownloads();
    const { user } = await posicionadas();
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    vi.setSystemTime(new Date('2026-11-23T18:31:40Z'));
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(2));
    // São Paulo's clock (UTC−3): 15:30:12 and 15:31:40.
    expect(arquivos.map((a) => a.nome)).toEqual([
      'posicionadas-ana-beatriz-carvalho-2026-11-23-153012.csv',
      'posicionadas-ana-beatriz-carvalho-2026-11-23-153140.csv',
    ]);
    vi.useRealTimers();
  });

  it('REALIZADAS and PROVENTOS export too, each under its own name', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'REALIZADAS' }, { timeout: 5000 }));
    await screen.findByRole('table', { name: 'Operações realizadas' });
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('realizadas-ana-beatriz-carvalho', 'csv'));
    expect(await linhasCsv(arquivos[0]!.blob)).toEqual([
      'Ação;Data Compra;Preço Unitário;Quantidade;Valor Total Compra;Data Venda;Preço Venda;Valor Total Venda;% Resultado;Valor Resultado',
      'ABEV3;02/05/2025;14,00;500;7000,00;02/06/2025;13,00;6500,00;-7,14;-500,00',
      'BBAS3;03/03/2025;20,00;300;6000,00;01/04/2025;22,00;6600,00;10,00;600,00',
    ]);

    await user.click(screen.getByRole('tab', { name: 'PROVENTOS' }));
    await screen.findByRole('table', { name: 'Proventos recebidos' });
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(2));
    expect(arquivos[1]!.nome).toMatch(carimbado('proventos-ana-beatriz-carvalho', 'csv'));
    expect(await linhasCsv(arquivos[1]!.blob)).toEqual([
      'Data Ex;Ação;Tipo;Quantidade;Valor por Ação;Valor Bruto;Valor Líquido',
    ]);
  });
});

describe('Exportar on the other grids', () => {
  it('clients: the MT5 status in words, the documents as shown, no action buttons', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/clientes');
    const tabela = await screen.findByRole('table', { name: 'Clientes' }, { timeout: 5000 });
    // The statuses arrive after the list.
    await within(tabela).findAllByRole('img', { name: /^Online/ });
    await exportar(user, 'Excel (.xlsx)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('clientes', 'xlsx'));
    const ws = await lerXlsx(arquivos[0]!.blob);
    const cabecalho = 'ABCDEFGHIJKL'.split('').map((c) => ws[`${c}1`]?.v);
    expect(cabecalho).toEqual([
      'Nome',
      'Email',
      'Documento',
      'Telefone',
      'Código XP',
      '% Patrimônio',
      'VM Nome',
      'VM IP',
      'VM IP Privado',
      // The model the client follows (issue 33): none here.
      'Modelo',
      'Status MT5',
      undefined,
    ]);
    expect([ws.A2?.v, ws.C2?.v, ws.D2?.v, ws.F2?.v, ws.F2?.z, ws.K2?.v]).toEqual([
      'Ana Beatriz Carvalho',
      '526.018.159-06',
      '(11) 98745-1236',
      0.2,
      '0.00%',
      'Online — ping 12 ms',
    ]);
    // Diego's 0 % is shown blank, and exported blank.
    const diego = [2, 3, 4, 5].find((r) => ws[`A${r}`]?.v === 'Diego Fernandes Souza')!;
    expect(ws[`F${diego}`]).toBeUndefined();
    expect(ws[`B${diego}`]).toBeUndefined();
  });

  it('the control panel’s POSICIONADAS: only the rows the filters leave, the filter in the name', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/controle-rv');
    const tabela = await screen.findByRole('table', { name: 'Posicionadas' }, { timeout: 5000 });
    await within(tabela).findByText('WEGE3');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Cliente' }),
      'Ana Beatriz Carvalho',
    );
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    // Said apart from the portfolio's own POSICIONADAS: the panel, and which filter.
    expect(arquivos[0]!.nome).toMatch(
      carimbado('posicionadas-painel-cliente-ana-beatriz-carvalho', 'csv'),
    );
    const linhas = await linhasCsv(arquivos[0]!.blob);
    expect(linhas[0]).toBe(
      'Cliente;Ação;Data Compra;Preço Unitário;Quantidade;Valor Total Compra;Preço Atual;Variação (%);Valor Alvo;Dias Posicionado;Resultado (R$)',
    );
    // One line per row of the grid's body (its totals row is not a position).
    expect(linhas.slice(1).map((l) => l.split(';')[0])).toEqual(
      [...tabela.querySelectorAll('tbody tr')].map(() => 'Ana Beatriz Carvalho'),
    );
    expect(linhas.slice(1)).toContain(
      'Ana Beatriz Carvalho;PETR4;01/10/2025;33,50;1000;33500,00;31,85;-4,93;36,20;28;-1650,00',
    );
  });

  it('the control panel’s PATRIMÔNIO DISPONÍVEL, sorted by name as shown', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/controle-rv');
    await user.click(
      await screen.findByRole('tab', { name: 'PATRIMÔNIO DISPONÍVEL' }, { timeout: 5000 }),
    );
    const tabela = await screen.findByRole('table', { name: 'Patrimônio disponível' });
    await waitFor(() => expect(within(tabela).getAllByRole('row').length).toBeGreaterThan(2));
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('patrimonio-disponivel', 'csv'));
    const linhas = await linhasCsv(arquivos[0]!.blob);
    expect(linhas[0]).toBe('Código;Nome;Patrimônio;Total Consolidado;Valor Disponível');
    const nomes = within(tabela)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(linhas.slice(1).map((l) => l.split(';')[1] || '—')).toEqual(nomes);
  });

  it('recommendations: the signals as Sim/Não, the percentages as shown', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/recomendacoes');
    await within(
      await screen.findByRole('table', { name: 'Recomendações' }, { timeout: 5000 }),
    ).findByText('WEGE3');
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('recomendacoes', 'csv'));
    const [cabecalho, wege] = await linhasCsv(arquivos[0]!.blob);
    expect(cabecalho!.split(';')).toHaveLength(22);
    expect(wege).toBe(
      'WEGE3;WEG;Bens Industriais;29/10/2025;44,12;46,31;2,87;71,20;178;Sim;Sim;Não;Sim;41,90;45,02;7,45;1,31;2,48;3,12;4,96;12;8',
    );
  });
});

describe('Exportar on the order history and CONCILIAÇÃO', () => {
  it('the order history: the orders loaded, the time in São Paulo’s, a leg per line', async () => {
    server.use(
      handle(ordensEndpoints.list, () =>
        ok(ordensEndpoints.list, { results: [ordem], next_cursor: null }),
      ),
    );
    const arquivos = capturarDownloads();
    const { user } = renderApp('/ordens');
    const tabela = await screen.findByRole(
      'table',
      { name: 'Histórico de ordens' },
      { timeout: 5000 },
    );
    await within(tabela).findByText('PETR4');
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('ordens', 'csv'));
    expect(await linhasCsv(arquivos[0]!.blob)).toEqual([
      'Data/hora;Cliente;Ação;Lado · Execução;Preço limite;Alvo;Pernas (executado/volume a preço médio);Estado;Retorno do terminal;Enviada por;Lote',
      // A field with a line break is quoted: one row, each leg on its own line inside its cell.
      '11/03/2025 10:00:00;Ana Beatriz Carvalho;PETR4;Compra · Limite;38,50;45,00;' +
        '"PETR4 150/200 a 38,50 · Parcial\nPETR4F 0/50 · Aberta";Em andamento;' +
        '"10010 Solicitação executada parcialmente\n—";operador;5a1b2c3d-0000-4000-8000-000000000007',
    ]);

    await exportar(user, 'Excel (.xlsx)');
    await waitFor(() => expect(arquivos).toHaveLength(2));
    const ws = await lerXlsx(arquivos[1]!.blob);
    expect([ws.A2?.t, ws.A2?.w]).toEqual(['n', '11/03/2025 10:00:00']);
    expect([ws.E2?.v, ws.E2?.z, ws.K2?.v]).toEqual([
      38.5,
      '"R$" #,##0.00',
      '5a1b2c3d-0000-4000-8000-000000000007',
    ]);
  });

  it('CONCILIAÇÃO: the clients as the filter leaves them, and one client’s stocks from its expanded row', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/controle-rv');
    await user.click(await screen.findByRole('tab', { name: 'CONCILIAÇÃO' }, { timeout: 5000 }));
    const tabela = await screen.findByRole('table', { name: 'Conciliação' });
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(5), {
      timeout: 5000,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Só divergências' }));
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(carimbado('conciliacao', 'csv'));
    expect(await linhasCsv(arquivos[0]!.blob)).toEqual([
      'Cliente;Situação;Divergências;Terminal;Custódia',
      'Ana Beatriz Carvalho;Divergente;2;Respondeu;28/10/2025',
    ]);

    await user.click(screen.getByRole('button', { name: 'Detalhes de Ana Beatriz Carvalho' }));
    const detalhe = await screen.findByRole('region', { name: 'Detalhes de Ana Beatriz Carvalho' });
    await within(detalhe).findByRole('table', { name: 'Conciliação de Ana Beatriz Carvalho' });
    await user.click(within(detalhe).getByRole('button', { name: 'Exportar' }));
    await chooseInMenu(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(2));
    expect(arquivos[1]!.nome).toMatch(carimbado('conciliacao-ana-beatriz-carvalho', 'csv'));
    const linhas = await linhasCsv(arquivos[1]!.blob);
    expect(linhas[0]).toBe('Ação;Livro;Terminal;Custódia;Situação;Diferença');
    const shown = within(detalhe)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(linhas.slice(1).map((l) => l.split(';')[0])).toEqual(shown);
  });
});
