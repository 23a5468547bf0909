import { Badge, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { ConciliacaoResumo, LinhaConciliacao } from '../../../../contract';
import { DASH, formatDate, formatInteger } from '../../../../shared/format';
import { META } from '../../../components/DataTable';
import {
  diferencas,
  SITUACAO_CLIENTE,
  SITUACAO_LINHA,
  terminalTexto,
  type Situacao,
} from './conciliacao';

function SituacaoBadge({ situacao }: { situacao: Situacao }) {
  return (
    <Badge colorPalette={situacao.palette} variant="subtle">
      {situacao.label}
    </Badge>
  );
}

const cliente = createColumnHelper<ConciliacaoResumo>();

/** The clients' grid; each row opens the client's stocks under it (DataTable's `detail`). */
export const colunasDosClientes = [
  cliente.accessor('nome', {
    header: 'Cliente',
    cell: (c) => (
      <Text as="span" fontWeight="medium">
        {c.getValue()}
      </Text>
    ),
  }),
  cliente.accessor((c) => SITUACAO_CLIENTE[c.situacao].label, {
    id: 'situacao',
    header: 'Situação',
    cell: (c) => <SituacaoBadge situacao={SITUACAO_CLIENTE[c.row.original.situacao]} />,
  }),
  cliente.accessor('divergencias', {
    header: 'Divergências',
    meta: META.inteiro,
    cell: (c) => formatInteger(c.getValue()),
  }),
  cliente.accessor(terminalTexto, {
    id: 'terminal',
    header: 'Terminal',
    cell: (c) => (
      <Text
        minW="64"
        whiteSpace="normal"
        color={c.row.original.terminal_status === 'online' ? undefined : 'fg.muted'}
      >
        {c.getValue()}
      </Text>
    ),
  }),
  cliente.accessor('custodia_data', {
    header: 'Custódia',
    meta: META.data,
    cell: (c) => formatDate(c.getValue()),
  }),
];

const linha = createColumnHelper<LinhaConciliacao>();
const quantidade = (key: 'livro' | 'terminal' | 'custodia', header: string) =>
  linha.accessor(key, { header, meta: META.inteiro, cell: (c) => formatInteger(c.getValue()) });

/** One client's stocks: the book, the terminal, the custody and what differs. */
export const colunasDoCliente = [
  linha.accessor('acao', {
    header: 'Ação',
    cell: (c) => (
      <Text as="span" fontWeight="semibold">
        {c.getValue()}
      </Text>
    ),
  }),
  quantidade('livro', 'Livro'),
  quantidade('terminal', 'Terminal'),
  quantidade('custodia', 'Custódia'),
  linha.accessor((l) => SITUACAO_LINHA[l.situacao].label, {
    id: 'situacao',
    header: 'Situação',
    cell: (c) => <SituacaoBadge situacao={SITUACAO_LINHA[c.row.original.situacao]} />,
  }),
  linha.accessor(diferencas, {
    id: 'diferenca',
    header: 'Diferença',
    cell: (c) => c.getValue() ?? DASH,
  }),
];
