import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Ordem } from '../../../contract';
import { DASH, formatDateTime, formatNumber } from '../../../shared/format';
import { META } from '../../components/DataTable';
import {
  ESTADO_ORDEM,
  ESTADO_PERNA,
  EXECUCAO,
  LADO,
  palavrasDaCorretora,
  resumoPerna,
  retornoPerna,
} from './labels';
import { LoteLink } from './LoteLink';

function EstadoBadge({ ordem }: { ordem: Pick<Ordem, 'estado' | 'aviso'> }) {
  const estado = ESTADO_ORDEM[ordem.estado];
  return (
    <HStack gap="1">
      <Badge colorPalette={estado.palette} variant="subtle">
        {estado.label}
      </Badge>
      {ordem.aviso && (
        <Badge colorPalette="orange" variant="solid" title={ordem.aviso}>
          Em dúvida
        </Badge>
      )}
    </HStack>
  );
}

/**
 * One line per leg, in a cell; `wrap` lets long text take several lines. `titulos`: a line's tooltip (the broker's
 * own words, set apart from ours).
 */
function Linhas({
  items,
  wrap = false,
  titulos,
}: {
  items: Array<string | null>;
  wrap?: boolean;
  titulos?: Array<string | undefined>;
}) {
  return (
    <Stack gap={wrap ? '1' : '0'} minW={wrap ? '36' : undefined}>
      {items.map((item, i) => (
        <Text key={i} whiteSpace={wrap ? 'normal' : 'nowrap'} fontSize="sm" title={titulos?.[i]}>
          {item ?? DASH}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Text that may wrap at its spaces: the grid's cells keep to one line, and the history's eleven columns fit 1280 px
 * only when the long ones (a client's name, a date and time, side and execution) take two.
 */
function Quebra({ children }: { children: ReactNode }) {
  return (
    <Text as="span" display="inline-block" whiteSpace="normal">
      {children}
    </Text>
  );
}

const pernas = (o: Ordem) => o.legs.map((l) => `${resumoPerna(l)} · ${ESTADO_PERNA[l.estado]}`);
const retornos = (o: Ordem) => o.legs.map(retornoPerna);
const corretora = (o: Ordem) =>
  o.legs.map((l) => {
    const palavras = palavrasDaCorretora(l);
    return palavras ? `Corretora: ${palavras}` : undefined;
  });
/** The export keeps the broker's words beside ours (a rejection's reason is often only there). */
const retornosExportados = (o: Ordem) =>
  o.legs.map((l) => [retornoPerna(l), palavrasDaCorretora(l)].filter(Boolean).join(' — ') || null);
/** A cell of one line per leg, as a spreadsheet's cell: the lines inside it. */
const emLinhas = (itens: Array<string | null>) => itens.map((i) => i ?? DASH).join('\n');

const col = createColumnHelper<Ordem>();

/**
 * The history's columns, each exporting what it shows (a leg per line in the legs' cells, the whole lote id).
 * `comCliente`: the client's column, left out where the client is fixed (the portfolio's ORDENS tab).
 */
export const colunasDoHistorico = (comCliente: boolean) => [
  col.accessor('criado_em', {
    header: 'Data/hora',
    meta: META.dataHora,
    cell: (c) => (
      <Link asChild color="gold.fg" fontWeight="medium">
        <RouterLink
          to="/ordens/$groupId"
          params={{ groupId: c.row.original.group_id }}
          aria-label={`Ver ordem de ${formatDateTime(c.getValue())}`}
        >
          <Quebra>{formatDateTime(c.getValue())}</Quebra>
        </RouterLink>
      </Link>
    ),
  }),
  ...(comCliente
    ? [col.accessor('nome', { header: 'Cliente', cell: (c) => <Quebra>{c.getValue()}</Quebra> })]
    : []),
  col.accessor('acao', {
    header: 'Ação',
    cell: (c) => (
      <Text as="span" fontWeight="semibold">
        {c.getValue()}
      </Text>
    ),
  }),
  col.accessor((o) => `${LADO[o.lado]} · ${EXECUCAO[o.execucao]}`, {
    id: 'lado',
    header: 'Lado · Execução',
    cell: (c) => <Quebra>{c.getValue()}</Quebra>,
  }),
  col.accessor('preco', {
    header: 'Preço limite',
    meta: META.dinheiro,
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('tp', {
    header: 'Alvo',
    meta: META.dinheiro,
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor((o) => emLinhas(pernas(o)), {
    id: 'pernas',
    // The header on two lines (its cells are one leg a line, narrower than it).
    header: () => (
      <>
        Pernas
        <br />
        (executado/volume a preço médio)
      </>
    ),
    meta: { titulo: 'Pernas (executado/volume a preço médio)' },
    cell: (c) => <Linhas items={pernas(c.row.original)} />,
  }),
  col.accessor((o) => `${ESTADO_ORDEM[o.estado].label}${o.aviso ? ' · Em dúvida' : ''}`, {
    id: 'estado',
    header: 'Estado',
    cell: (c) => <EstadoBadge ordem={c.row.original} />,
  }),
  col.accessor((o) => emLinhas(retornosExportados(o)), {
    id: 'retorno',
    header: 'Retorno do terminal',
    cell: (c) => (
      <Linhas items={retornos(c.row.original)} titulos={corretora(c.row.original)} wrap />
    ),
  }),
  col.accessor('criado_por', { header: 'Enviada por' }),
  // The whole id exported (the screen shows its first eight characters, the whole in the link's title).
  col.accessor('lote_id', { header: 'Lote', cell: (c) => <LoteLink loteId={c.getValue()} /> }),
];
