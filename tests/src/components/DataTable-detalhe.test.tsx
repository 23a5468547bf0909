import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../../src/app/theme';
import { columns, type Row } from './data-table-colunas';
import { DataTable } from '../../../src/components/DataTable';

describe('DataTable, expandable rows', () => {
  const clientes = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: i,
      nome: `Cliente ${String(i).padStart(4, '0')}`,
      valor: i,
    }));
  const renderExpandable = (data: Row[]) =>
    render(
      <ChakraProvider value={system}>
        <DataTable
          label="Teste"
          columns={columns}
          data={data}
          getRowId={(r) => String(r.id)}
          detail={{
            label: (r) => `Detalhes de ${r.nome}`,
            render: (r) => <p>Posições de {r.nome}</p>,
          }}
        />
      </ChakraProvider>,
    );
  const rows = () => within(screen.getByRole('table', { name: 'Teste' })).getAllByRole('row');

  afterEach(() => vi.restoreAllMocks());

  it('opens a row’s detail under it from the keyboard, and closes it again', async () => {
    const user = userEvent.setup();
    renderExpandable(clientes(3));
    const toggle = screen.getByRole('button', { name: 'Detalhes de Cliente 0001' });
    // The toggle is before the first column's value; the cell's text is still the value.
    expect(toggle.closest('td')).toHaveTextContent(/^Cliente 0001$/);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Posições de Cliente 0001')).not.toBeInTheDocument();

    // The headers' sort buttons, then each row's toggle.
    for (let i = 0; i < 4; i++) await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const detail = screen.getByRole('region', { name: 'Detalhes de Cliente 0001' });
    expect(detail).toHaveTextContent('Posições de Cliente 0001');
    expect(toggle).toHaveAttribute('aria-controls', detail.id);
    // The line right after the row's, across every column; the table counts it.
    expect(rows()[3]).toContainElement(detail);
    expect(rows()[3]!.querySelector('td')).toHaveAttribute('colspan', '2');
    expect(screen.getByRole('table', { name: 'Teste' })).toHaveAttribute('aria-rowcount', '5');

    await user.keyboard('{ArrowLeft}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('region', { name: 'Detalhes de Cliente 0001' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('keeps an open detail under its row when the grid is sorted again', async () => {
    const user = userEvent.setup();
    renderExpandable(clientes(3));
    await user.click(screen.getByRole('button', { name: 'Detalhes de Cliente 0000' }));
    await user.click(screen.getByRole('button', { name: 'Valor' }));
    await user.click(screen.getByRole('button', { name: /Valor/ }));
    const lines = rows().slice(1);
    expect(lines.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Cliente 0002'),
      expect.stringContaining('Cliente 0001'),
      expect.stringContaining('Cliente 0000'),
      'Posições de Cliente 0000',
    ]);
  });

  it('virtualised, an open detail takes its measured height: the rows above the window keep their place', () => {
    // jsdom lays nothing out: a detail is 300 px tall, a row its 41 (what a row measured at 0 falls back to).
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.hasAttribute('data-detail') ? 300 : 0;
    });
    renderExpandable(clientes(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Detalhes de Cliente 0000' }));
    expect(rows()[2]).toHaveTextContent('Posições de Cliente 0000');
    expect(screen.getByRole('table', { name: 'Teste' })).toHaveAttribute('aria-rowcount', '1002');

    const box = screen.getByRole('table', { name: 'Teste' }).parentElement!;
    box.scrollTop = 500 * 41;
    fireEvent.scroll(box);
    const shown = rows()
      .slice(1)
      .filter((r) => r.querySelector('button'));
    expect(shown.length).toBeLessThan(100);
    const first = Number(shown[0]!.querySelector('td')!.textContent!.replace('Cliente ', ''));
    expect(first).toBeGreaterThan(400);
    // The space above the first row shown: each row before it, and the detail's 300 px (not a guess).
    const spacer = box.querySelector('tbody > tr:first-child')!;
    expect(spacer).toHaveAttribute('aria-hidden');
    expect(spacer.querySelector('td')).toHaveStyle({ height: `${first * 41 + 300}px` });
  });
});
