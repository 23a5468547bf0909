import type { Table } from '@tanstack/react-table';
import type { Planilha } from '../../lib/planilha';

/**
 * What the table shows, as a spreadsheet: every row in its current order, every column with a value (accessor
 * columns, and display columns that say what to export; the row buttons have neither). Every grid's export is
 * made here, from its columns: a column's header is the sheet's, its meta says the format.
 */
export function planilhaDaTabela<T>(table: Table<T>, titulo: string): Planilha {
  const colunas = table
    .getVisibleLeafColumns()
    .filter((c) => c.accessorFn !== undefined || c.columnDef.meta?.exportar !== undefined);
  return {
    titulo,
    colunas: colunas.map((c) => {
      const meta = c.columnDef.meta;
      const header = c.columnDef.header;
      return {
        titulo: meta?.titulo ?? (typeof header === 'string' ? header : c.id),
        formato: meta?.formato ?? (meta?.numeric ? 'decimal' : 'texto'),
        exato: meta?.exato,
      };
    }),
    linhas: table.getRowModel().rows.map((row) =>
      colunas.map((c) => {
        const exportar = c.columnDef.meta?.exportar;
        return exportar ? exportar(row.original) : row.getValue(c.id);
      }),
    ),
  };
}
