import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { ExposicaoLinha } from '../../../../contract';
import { formatInteger, formatMoney, formatNumber } from '../../../../shared/format';
import { META, type RowDetail } from '../../../components/DataTable';

const col = createColumnHelper<ExposicaoLinha>();

/** Largest client: its name and what it holds, the first of the holders (the server sorts them). */
const maior = (r: ExposicaoLinha) => r.detentores[0];

/** The columns of EXPOSIÇÃO, per stock (with its sector) or per sector. */
export function colunasDaExposicao(porSetor: boolean) {
  return [
    col.accessor('nome', {
      header: porSetor ? 'Setor' : 'Ação',
      cell: (c) => (
        // Inline, beside the row's toggle.
        <HStack gap="1" display="inline-flex">
          <Text as="span" fontWeight="medium">
            {c.getValue()}
          </Text>
          {c.row.original.sem_cotacao && (
            <Badge
              size="sm"
              variant="subtle"
              title="Sem cotação: contado pelo custo de compra."
              colorPalette="orange"
            >
              custo
            </Badge>
          )}
        </HStack>
      ),
    }),
    ...(porSetor
      ? []
      : [
          col.accessor((r) => r.setor ?? undefined, {
            id: 'setor',
            header: 'Setor',
            sortUndefined: 'last',
            cell: (c) => c.getValue() ?? '—',
          }),
        ]),
    col.accessor('valor', {
      header: 'Valor',
      cell: (c) => formatMoney(c.getValue()),
      meta: META.dinheiro,
    }),
    col.accessor('percentual', {
      header: '% do livro',
      cell: (c) => formatNumber(c.getValue()),
      meta: META.percentual,
    }),
    col.accessor('clientes', {
      header: 'Clientes',
      cell: (c) => formatInteger(c.getValue()),
      meta: META.inteiro,
    }),
    col.accessor((r) => maior(r)?.nome, {
      id: 'maior_cliente',
      header: 'Maior cliente',
      sortUndefined: 'last',
      cell: (c) => {
        const m = maior(c.row.original);
        return m ? `${m.nome} (${formatMoney(m.valor)})` : '—';
      },
    }),
  ];
}

/** The clients holding the row's stock or sector, each opening its portfolio. */
export const detentoresDaLinha: RowDetail<ExposicaoLinha> = {
  label: (r) => `Clientes com ${r.nome}`,
  render: (r) => (
    <Stack as="ul" gap="1" fontSize="sm" listStyleType="none" aria-label={`Clientes com ${r.nome}`}>
      {r.detentores.map((d) => (
        <HStack as="li" key={d.id} gap="3">
          <Link asChild color="gold.fg" fontWeight="medium">
            <RouterLink
              to="/clientes/$id/carteira"
              params={{ id: String(d.id) }}
              search={{ aba: 'posicionadas' }}
            >
              {d.nome}
            </RouterLink>
          </Link>
          <Text as="span" fontVariantNumeric="tabular-nums">
            {formatMoney(d.valor)}
          </Text>
          <Text as="span" color="fg.muted">
            {formatNumber(r.valor ? (d.valor / r.valor) * 100 : null)}% de {r.nome}
          </Text>
        </HStack>
      ))}
    </Stack>
  ),
};
