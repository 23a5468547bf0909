import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { TIPO_ALERTA_NOME, type Alerta } from '../../../contract';
import { DASH, formatDateTimeMinutes } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { podeAdiar, podeReconhecer, tratamentoDoAlerta } from './alertas-state';
import { AssuntoLink } from './AssuntoLink';
import { ESTADO_ALERTA } from './labels';

const col = createColumnHelper<Alerta>();

interface Acoes {
  onAcknowledge: (alerta: Alerta) => void;
  onSnooze: (alerta: Alerta) => void;
  /** The alert whose acknowledgement is being sent. */
  reconhecendo: number | null;
  agora: Date;
  /** The role may acknowledge and snooze (issue 32): without it, no buttons column. */
  podeTratar: boolean;
}

/**
 * The alerts' columns: what happened (the row's identity, kept in view with the buttons on a phone), its type, about
 * whom, its state and times, how it was handled, and its buttons.
 */
export const colunasDosAlertas = ({
  onAcknowledge,
  onSnooze,
  reconhecendo,
  agora,
  podeTratar,
}: Acoes) => [
  col.accessor('titulo', {
    header: 'Alerta',
    cell: (c) => (
      <Text minW={{ base: '9rem', md: '16rem' }} maxW="28rem" whiteSpace="normal">
        <AssuntoLink tipo={c.row.original.tipo} assunto={c.row.original.assunto}>
          {c.getValue()}
        </AssuntoLink>
      </Text>
    ),
  }),
  col.accessor((a) => TIPO_ALERTA_NOME[a.tipo], {
    id: 'tipo',
    header: 'Tipo',
    cell: (c) => (
      <Badge colorPalette={c.row.original.critico ? 'red' : 'gray'} whiteSpace="nowrap">
        {c.getValue()}
      </Badge>
    ),
  }),
  col.accessor((a) => a.assunto.cliente_nome ?? DASH, { id: 'cliente', header: 'Cliente' }),
  col.accessor((a) => ESTADO_ALERTA[a.estado].label, {
    id: 'estado',
    header: 'Estado',
    cell: (c) => (
      <Badge colorPalette={ESTADO_ALERTA[c.row.original.estado].palette}>{c.getValue()}</Badge>
    ),
  }),
  col.accessor('desde', {
    header: 'Desde',
    cell: (c) => formatDateTimeMinutes(c.getValue()),
    meta: META.dataHora,
  }),
  col.accessor('disparado_em', {
    header: 'Disparado em',
    cell: (c) => formatDateTimeMinutes(c.getValue()),
    meta: META.dataHora,
  }),
  col.accessor((a) => tratamentoDoAlerta(a, agora).join(' · ') || DASH, {
    id: 'tratamento',
    header: 'Tratamento',
    cell: (c) => (
      <Stack gap="0" fontSize="sm">
        {c.getValue() === DASH
          ? DASH
          : tratamentoDoAlerta(c.row.original, agora).map((t) => <Text key={t}>{t}</Text>)}
      </Stack>
    ),
  }),
  ...(podeTratar ? [acoesDoAlerta({ onAcknowledge, onSnooze, reconhecendo })] : []),
];

function acoesDoAlerta({
  onAcknowledge,
  onSnooze,
  reconhecendo,
}: Pick<Acoes, 'onAcknowledge' | 'onSnooze' | 'reconhecendo'>) {
  return col.display({
    id: 'actions',
    header: 'Ações',
    // Reconhecer and Adiar in reach on a phone, whatever the row's width.
    meta: { pinRight: true },
    cell: (c) => {
      const a = c.row.original;
      return (
        <Stack direction={{ base: 'column', md: 'row' }} gap="1">
          {podeReconhecer(a) && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => onAcknowledge(a)}
              loading={reconhecendo === a.id}
              aria-label={`Reconhecer: ${a.titulo}`}
            >
              Reconhecer
            </Button>
          )}
          {podeAdiar(a) && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="gray"
              onClick={() => onSnooze(a)}
              aria-label={`Adiar: ${a.titulo}`}
            >
              Adiar
            </Button>
          )}
        </Stack>
      );
    },
  });
}
