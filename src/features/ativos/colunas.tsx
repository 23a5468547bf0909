import { Badge, Button } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { CLASSE_ATIVO_NOME, type Acao } from '../../../contract';
import { DASH } from '../../../shared/format';
import { TickerGrafico } from '../../widgets/grafico';

const col = createColumnHelper<Acao>();

interface Acoes {
  onGrafico: (ticker: string) => void;
  onEdit: (acao: Acao) => void;
}

/** The universe's columns: the asset (its chart), who issues it, its class, and its edit button. */
export const colunasDosAtivos = ({ onGrafico, onEdit }: Acoes) => [
  col.accessor('ticker', {
    header: 'Ticker',
    cell: (c) => <TickerGrafico ticker={c.getValue()} onClick={() => onGrafico(c.getValue())} />,
  }),
  col.accessor((a) => a.empresa ?? DASH, { id: 'empresa', header: 'Empresa' }),
  col.accessor((a) => a.setor ?? DASH, { id: 'setor', header: 'Setor' }),
  col.accessor((a) => CLASSE_ATIVO_NOME[a.classe ?? 'acao'], {
    id: 'classe',
    header: 'Classe',
    cell: (c) => (
      <Badge
        variant="subtle"
        colorPalette={(c.row.original.classe ?? 'acao') === 'acao' ? 'gray' : 'gold'}
      >
        {c.getValue()}
      </Badge>
    ),
  }),
  col.display({
    id: 'actions',
    header: 'Ações',
    meta: { pinRight: true },
    cell: (c) => (
      <Button
        size="xs"
        variant="outline"
        onClick={() => onEdit(c.row.original)}
        aria-label={`Editar ${c.row.original.ticker}`}
      >
        Editar
      </Button>
    ),
  }),
];
