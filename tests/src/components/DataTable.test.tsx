import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../../src/app/theme';
import { col, columns, type Row } from './data-table-colunas';
import { DataTable, type InfiniteRows } from '../../../src/components/DataTable';

const renderTable = (data: Row[]) =>
  render(
    <ChakraProvider value={system}>
      <DataTable
        label="Teste"
        columns={columns}
        data={data}
        getRowId={(r) => String(r.id)}
        initialSorting={[{ id: 'nome', desc: false }]}
        emptyText="Nada aqui."
      />
    </ChakraProvider>,
  );

const bodyNames = () =>
  within(screen.getByRole('table', { name: 'Teste' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

describe('DataTable', () => {
  it('sorts by the initial column and toggles with the header', async () => {
    renderTable([
      { id: 1, nome: 'Carla', valor: 3 },
      { id: 2, nome: 'Ana', valor: 10 },
      { id: 3, nome: 'Bruno', valor: 1 },
    ]);
    expect(bodyNames()).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Valor' }));
    expect(screen.getByRole('columnheader', { name: /Valor/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(bodyNames()).toEqual(['Bruno', 'Carla', 'Ana']);
    await userEvent.click(screen.getByRole('button', { name: /Valor/ }));
    expect(bodyNames()).toEqual(['Ana', 'Carla', 'Bruno']);
  });

  it('keeps sorting on the third click, toggling the direction as a spreadsheet does', async () => {
    renderTable([
      { id: 1, nome: 'Carla', valor: 3 },
      { id: 2, nome: 'Ana', valor: 10 },
      { id: 3, nome: 'Bruno', valor: 1 },
    ]);
    const valor = () => screen.getByRole('columnheader', { name: /Valor/ });
    const clickValor = () => userEvent.click(screen.getByRole('button', { name: /^Valor/ }));
    // Sortable and unsorted: a faint ↕ beside the name.
    expect(valor()).toHaveTextContent('Valor ↕');
    await clickValor();
    expect(valor()).toHaveTextContent('Valor ▲');
    await clickValor();
    expect(valor()).toHaveTextContent('Valor ▼');
    expect(bodyNames()).toEqual(['Ana', 'Carla', 'Bruno']);
    // The third click sorts ascending again (it used to leave the rows unsorted), the fourth descending.
    await clickValor();
    expect(valor()).toHaveAttribute('aria-sort', 'ascending');
    expect(valor()).toHaveTextContent('Valor ▲');
    expect(bodyNames()).toEqual(['Bruno', 'Carla', 'Ana']);
    await clickValor();
    expect(valor()).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Ana', 'Carla', 'Bruno']);
  });

  it('sorts blanks last in both directions', async () => {
    interface Linha {
      id: number;
      nome: string | null;
      valor: number | null;
    }
    const c = createColumnHelper<Linha>();
    render(
      <ChakraProvider value={system}>
        <DataTable<Linha>
          label="Teste"
          columns={[
            c.accessor('nome', { header: 'Nome', cell: (x) => x.getValue() ?? '—' }),
            c.accessor('valor', { header: 'Valor' }),
          ]}
          data={[
            { id: 1, nome: 'Bruno', valor: null },
            { id: 2, nome: null, valor: 2 },
            { id: 3, nome: 'Álvaro', valor: 10 },
            { id: 4, nome: 'Ana', valor: 1 },
          ]}
        />
      </ChakraProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /^Valor/ }));
    expect(bodyNames()).toEqual(['Ana', '—', 'Álvaro', 'Bruno']);
    await userEvent.click(screen.getByRole('button', { name: /^Valor/ }));
    expect(bodyNames()).toEqual(['Álvaro', '—', 'Ana', 'Bruno']);
    await userEvent.click(screen.getByRole('button', { name: /^Nome/ }));
    // Portuguese order: the accent does not send Álvaro after Bruno.
    expect(bodyNames()).toEqual(['Álvaro', 'Ana', 'Bruno', '—']);
    await userEvent.click(screen.getByRole('button', { name: /^Nome/ }));
    expect(bodyNames()).toEqual(['Bruno', 'Ana', 'Álvaro', '—']);
  });

  it('shows the empty text when there are no rows', () => {
    renderTable([]);
    expect(screen.getByText('Nada aqui.')).toBeInTheDocument();
  });

  it('renders only the visible part of a long list', () => {
    const data = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      nome: `Cliente ${String(i).padStart(5, '0')}`,
      valor: i,
    }));
    renderTable(data);
    const rendered = bodyNames().filter(Boolean);
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]).toBe('Cliente 00000');
    expect(screen.getByRole('table', { name: 'Teste' })).toHaveAttribute('aria-rowcount', '20001');
  });

  it('scrolls a long list without adding a style rule to the page, numbers still aligned right', () => {
    // Each rule added to the page has the browser recompute the style of the whole page: one per scrolled frame
    // (the space above and below the rows in view, a new height each time) made scrolling 20,000 rows stutter
    // (issue 34, rough edge 7).
    const data = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      nome: `Cliente ${String(i).padStart(5, '0')}`,
      valor: i,
    }));
    renderTable(data);
    const box = screen.getByRole('table', { name: 'Teste' }).parentElement!;
    const regras = () =>
      Array.from(document.styleSheets).reduce((n, sheet) => n + sheet.cssRules.length, 0);
    box.scrollTop = 41 * 100;
    fireEvent.scroll(box);
    const antes = regras();
    for (const linha of [300, 1_000, 5_000, 12_345, 19_990]) {
      box.scrollTop = 41 * linha;
      fireEvent.scroll(box);
    }
    expect(bodyNames()).toContain('Cliente 19999');
    expect(regras()).toBe(antes);
    const valor = within(screen.getByRole('table', { name: 'Teste' })).getByRole('cell', {
      name: '19999',
    });
    expect(getComputedStyle(valor).textAlign).toBe('end');
  });

  it('keeps the first column and the row’s actions in view when the grid scrolls sideways', () => {
    const largas = [
      col.accessor('nome', { header: 'Nome' }),
      col.accessor('valor', { header: 'Valor', meta: { numeric: true } }),
      col.display({
        id: 'acoes',
        header: 'Ações',
        meta: { pinRight: true },
        cell: () => <button type="button">Editar</button>,
      }),
    ];
    render(
      <ChakraProvider value={system}>
        <DataTable label="Teste" columns={largas} data={[{ id: 1, nome: 'Ana', valor: 3 }]} />
      </ChakraProvider>,
    );
    const table = screen.getByRole('table', { name: 'Teste' });
    const [nome, valor, acoes] = within(table).getAllByRole('columnheader');
    const [nomeCell, valorCell, acoesCell] = within(table).getAllByRole('cell');
    for (const first of [nome!, nomeCell!]) {
      expect(first).toHaveStyle({ position: 'sticky', left: '0px' });
    }
    for (const last of [acoes!, acoesCell!]) {
      expect(last).toHaveStyle({ position: 'sticky', right: '0px' });
    }
    for (const middle of [valor!, valorCell!]) {
      expect(middle).not.toHaveStyle({ position: 'sticky' });
    }
  });
});

describe('DataTable, infinite', () => {
  const linhas = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: i, nome: `Ordem ${i}`, valor: n - i }));
  const renderInfinite = (data: Row[], infinite: InfiniteRows) =>
    render(
      <ChakraProvider value={system}>
        <DataTable label="Teste" columns={columns} data={data} infinite={infinite} />
      </ChakraProvider>,
    );
  const pagina = (hasNextPage = true) => ({
    hasNextPage,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
  });

  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's order (no header sorts) and loads the next page on 'Carregar mais'", async () => {
    const infinite = pagina();
    const { rerender } = renderInfinite(linhas(3), infinite);
    expect(bodyNames()).toEqual(['Ordem 0', 'Ordem 1', 'Ordem 2']);
    expect(screen.queryByRole('button', { name: /^Valor/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Valor' })).not.toHaveAttribute('aria-sort');
    // Nothing is asked for until someone scrolls or asks.
    expect(infinite.fetchNextPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(infinite.fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(
      <ChakraProvider value={system}>
        <DataTable label="Teste" columns={columns} data={linhas(4)} infinite={pagina(false)} />
      </ChakraProvider>,
    );
    expect(bodyNames()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of a short list comes into view', () => {
    const observados: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observados.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const infinite = pagina();
    renderInfinite(linhas(20), infinite);
    expect(observados).toHaveLength(1);
    observados[0]!([{ isIntersecting: false }]);
    expect(infinite.fetchNextPage).not.toHaveBeenCalled();
    observados[0]!([{ isIntersecting: true }]);
    expect(infinite.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('loads the next page when a long (virtualised) list is scrolled near its end, not before', () => {
    const infinite = pagina();
    renderInfinite(linhas(400), infinite);
    const table = screen.getByRole('table', { name: 'Teste' });
    expect(bodyNames().length).toBeLessThan(100);
    expect(infinite.fetchNextPage).not.toHaveBeenCalled();
    const box = table.parentElement!;
    box.scrollTop = 390 * 41;
    fireEvent.scroll(box);
    expect(bodyNames()).toContain('Ordem 399');
    expect(infinite.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('says nothing of more pages when there are none', () => {
    const infinite = pagina(false);
    renderInfinite(linhas(400), infinite);
    const box = screen.getByRole('table', { name: 'Teste' }).parentElement!;
    box.scrollTop = 390 * 41;
    fireEvent.scroll(box);
    expect(infinite.fetchNextPage).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
