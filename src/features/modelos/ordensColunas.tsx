import { Badge } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatInteger } from '../../../shared/format';
import { META } from '../../components/DataTable';
import type { OrdemLinha } from './rebalanceamento-state';

const LADO = { compra: 'Compra', venda: 'Venda' } as const;
const col = createColumnHelper<OrdemLinha>();

/** Each order of the plan: whose, the stock, the side, how many and in which legs (round lot, fractional). */
export const colunasDasOrdens = [
  col.accessor('nome', { header: 'Cliente' }),
  col.accessor('ticker', { header: 'Ação' }),
  col.accessor((o) => LADO[o.lado], {
    id: 'lado',
    header: 'Lado',
    cell: (c) => (
      <Badge colorPalette={c.row.original.lado === 'venda' ? 'orange' : 'blue'} variant="subtle">
        {c.getValue()}
      </Badge>
    ),
  }),
  col.accessor('quantidade', {
    header: 'Quantidade',
    meta: META.inteiro,
    cell: (c) => formatInteger(c.getValue()),
  }),
  col.accessor('legs', { header: 'Legs' }),
];
