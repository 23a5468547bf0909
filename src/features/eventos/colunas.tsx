import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { TIPO_EVENTO_NOME, type Evento } from '../../../contract';
import { proporcaoDoEvento } from '../../../shared/eventos';
import { DASH, formatDate, formatInteger, formatNumber } from '../../../shared/format';
import { META } from '../../components/DataTable';

const col = createColumnHelper<Evento>();

const fatorTexto = (e: Evento) =>
  e.fator === null
    ? DASH
    : `${e.fator.toLocaleString('pt-BR', { maximumFractionDigits: 10 })} (${proporcaoDoEvento(e.tipo, e.fator)})`;

/** The decimal places a value per share is written with (dividends often have more than 2). */
function casas(n: number): number {
  return String(n).split('.')[1]?.length ?? 0;
}

interface Acoes {
  onEdit: (evento: Evento) => void;
  onDelete: (evento: Evento) => void;
}

/** The events' columns: when, which stock, what it is and does, whether it was applied, and its buttons. */
export const colunasDosEventos = ({ onEdit, onDelete }: Acoes) => [
  col.accessor('data_ex', {
    header: 'Data Ex',
    // A share event whose data ex the price history contradicts (issue 34): flagged beside it, why in words.
    cell: (c) => {
      const aviso = c.row.original.aviso_data_ex;
      return (
        <HStack gap="2">
          <span>{formatDate(c.getValue())}</span>
          {aviso && (
            <Badge colorPalette="orange" variant="subtle" title={aviso} aria-label={aviso}>
              Confira
            </Badge>
          )}
        </HStack>
      );
    },
    meta: META.data,
  }),
  col.accessor('acao_nome', {
    header: 'Ação',
    cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
  }),
  col.accessor((e) => TIPO_EVENTO_NOME[e.tipo], { id: 'tipo', header: 'Tipo' }),
  col.accessor('fator', {
    header: 'Fator',
    cell: (c) => fatorTexto(c.row.original),
    meta: { ...META.decimal, exato: true },
  }),
  col.accessor('valor_por_acao', {
    header: 'Valor por Ação (R$)',
    cell: (c) => {
      const v = c.getValue();
      return v === null ? DASH : formatNumber(v, Math.max(2, Math.min(casas(v), 8)));
    },
    meta: { ...META.dinheiro, exato: true },
  }),
  col.accessor((e) => (e.fonte === 'yahoo' ? 'Yahoo' : 'Manual'), {
    id: 'fonte',
    header: 'Fonte',
  }),
  col.accessor((e) => e.aplicado_em, {
    id: 'situacao',
    header: 'Situação',
    meta: {
      exportar: (e) =>
        e.aplicado_em
          ? `Aplicado em ${formatDate(e.aplicado_em.slice(0, 10))}`
          : 'Aguardando a data ex',
    },
    cell: (c) =>
      c.getValue() ? (
        <Text as="span" color="green.600">
          Aplicado em {formatDate(c.getValue()!.slice(0, 10))}
        </Text>
      ) : (
        <Text as="span" color="orange.600">
          Aguardando a data ex
        </Text>
      ),
  }),
  col.accessor('operacoes', {
    header: 'Operações',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  col.display({
    id: 'actions',
    header: 'Ações',
    cell: (c) => {
      const e = c.row.original;
      const nome = `${TIPO_EVENTO_NOME[e.tipo]} de ${e.acao_nome} em ${formatDate(e.data_ex)}`;
      return (
        <HStack gap="1">
          <Button
            size="xs"
            variant="outline"
            onClick={() => onEdit(e)}
            aria-label={`Editar ${nome}`}
          >
            Editar
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => onDelete(e)}
            aria-label={`Excluir ${nome}`}
          >
            Excluir
          </Button>
        </HStack>
      );
    },
  }),
];
