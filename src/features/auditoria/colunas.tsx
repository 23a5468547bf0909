import { Box, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { EntradaAuditoria } from '../../../contract';
import { DASH, formatDateTime } from '../../../shared/format';
import { META, type RowDetail } from '../../components/DataTable';
import { destinoDe, nomeDaAcao, nomeDaEntidade, type Destino } from './auditoria-state';
import { diferencas, textoDaDiferenca, type Mudanca } from './diferenca';

/** How many changes a row shows; the rest are in its detail. */
const RESUMO = 3;

function DestinoLink({ destino }: { destino: Destino }) {
  const link = (() => {
    switch (destino.to) {
      case '/clientes/$id/carteira':
        return (
          <RouterLink to={destino.to} params={destino.params}>
            {destino.texto}
          </RouterLink>
        );
      case '/ordens/$groupId':
        return (
          <RouterLink to={destino.to} params={destino.params}>
            {destino.texto}
          </RouterLink>
        );
      case '/ordens/lote':
        return (
          <RouterLink to={destino.to} search={destino.search}>
            {destino.texto}
          </RouterLink>
        );
      default:
        return <RouterLink to={destino.to}>{destino.texto}</RouterLink>;
    }
  })();
  return (
    <Link asChild color="gold.fg" fontWeight="medium" whiteSpace="nowrap">
      {link}
    </Link>
  );
}

/** A change, its value before struck through in red and after in green. */
function MudancaLinha({ mudanca: { campo, antes, depois } }: { mudanca: Mudanca }) {
  return (
    <Text fontSize="sm" whiteSpace="normal" wordBreak="break-word">
      {campo && (
        <Text as="span" fontWeight="medium">
          {campo}:{' '}
        </Text>
      )}
      {antes !== null && (
        <Text as="del" color="red.fg">
          {antes}
        </Text>
      )}
      {antes !== null && depois !== null && ' → '}
      {depois !== null && (
        <Text as="ins" color="green.fg" textDecoration="none">
          {depois}
        </Text>
      )}
    </Text>
  );
}

function Resumo({ entrada }: { entrada: EntradaAuditoria }) {
  const mudancas = diferencas(entrada.antes, entrada.depois);
  if (mudancas.length === 0) return <Text color="fg.muted">{DASH}</Text>;
  const resto = mudancas.length - RESUMO;
  return (
    <Stack gap="0.5" minW="64" maxW="md">
      {mudancas.slice(0, RESUMO).map((m) => (
        <MudancaLinha key={m.campo} mudanca={m} />
      ))}
      {resto > 0 && (
        <Text fontSize="xs" color="fg.muted">
          e mais {resto} {resto === 1 ? 'campo' : 'campos'} (abra o registro)
        </Text>
      )}
    </Stack>
  );
}

/** An entry's whole difference, under its row: a line per field. */
export const detalheDaEntrada: RowDetail<EntradaAuditoria> = {
  label: (e) => `Detalhes do registro de ${formatDateTime(e.em)}`,
  render: (e) => {
    const mudancas = diferencas(e.antes, e.depois);
    if (mudancas.length === 0)
      return <Text color="fg.muted">Nada registrado antes ou depois.</Text>;
    return (
      <Box overflowX="auto" maxW="full">
        <Table.Root size="sm" aria-label="Diferença">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Campo</Table.ColumnHeader>
              <Table.ColumnHeader>Antes</Table.ColumnHeader>
              <Table.ColumnHeader>Depois</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {mudancas.map((m) => (
              <Table.Row key={m.campo}>
                <Table.Cell fontWeight="medium">{m.campo || DASH}</Table.Cell>
                <Table.Cell color="red.fg" whiteSpace="normal" wordBreak="break-word">
                  {m.antes ?? DASH}
                </Table.Cell>
                <Table.Cell color="green.fg" whiteSpace="normal" wordBreak="break-word">
                  {m.depois ?? DASH}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    );
  },
};

const col = createColumnHelper<EntradaAuditoria>();

/** The audit grid's columns, each exporting what it shows (the difference as one change a line). */
export const colunasDaAuditoria = [
  col.accessor('em', {
    header: 'Data/hora',
    meta: META.dataHora,
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('usuario', { header: 'Usuário' }),
  col.accessor((e) => nomeDaAcao(e.acao), { id: 'acao', header: 'Ação' }),
  col.accessor((e) => nomeDaEntidade(e.entidade), { id: 'entidade', header: 'Entidade' }),
  col.accessor((e) => destinoDe(e)?.texto ?? e.entidade_id ?? DASH, {
    id: 'registro',
    header: 'Registro',
    cell: (c) => {
      const destino = destinoDe(c.row.original);
      return destino ? <DestinoLink destino={destino} /> : c.getValue();
    },
  }),
  col.accessor((e) => textoDaDiferenca(diferencas(e.antes, e.depois)), {
    id: 'diferenca',
    header: 'Diferença',
    cell: (c) => <Resumo entrada={c.row.original} />,
  }),
];
