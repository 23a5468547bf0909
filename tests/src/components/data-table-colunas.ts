import { createColumnHelper } from '@tanstack/react-table';

/** The grid tests' rows: a name and a number, as the screens' grids have. */
export interface Row {
  id: number;
  nome: string;
  valor: number;
}

export const col = createColumnHelper<Row>();

export const columns = [
  col.accessor('nome', { header: 'Nome' }),
  col.accessor('valor', { header: 'Valor', meta: { numeric: true } }),
];
