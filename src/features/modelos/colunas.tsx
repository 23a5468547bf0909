import { Button, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { Modelo } from '../../../contract';
import { DASH } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { composicaoTexto, faixaTexto } from './modelo-form-state';

const col = createColumnHelper<Modelo>();

interface Acoes {
  /** Null: the role may not edit models (issue 32), no Editar nor Excluir. */
  onEdit: ((modelo: Modelo) => void) | null;
  onDelete: ((modelo: Modelo) => void) | null;
  /** The role may validate and send a rebalance (the lotes' permission). */
  rebalancear: boolean;
}

/** The models' columns: name, weights, band, who follows it, and what a row opens. */
export function colunasDosModelos(nomes: ReadonlyMap<number, string>, acoes: Acoes) {
  const seguidores = (m: Modelo) =>
    m.clientes
      .map((id) => nomes.get(id) ?? `Cliente ${id}`)
      .sort((a, b) => a.localeCompare(b, 'pt-BR'));
  const colunas = [
    col.accessor('nome', { header: 'Nome' }),
    col.accessor((m) => composicaoTexto(m), {
      id: 'composicao',
      header: 'Composição',
      cell: (c) => (
        <Text as="span" display="block" maxW={{ base: '12rem', md: '28rem' }} whiteSpace="normal">
          {c.getValue()}
        </Text>
      ),
    }),
    col.accessor((m) => faixaTexto(m.faixa), { id: 'faixa', header: 'Faixa' }),
    col.accessor((m) => m.clientes.length, {
      id: 'clientes',
      header: 'Clientes',
      meta: META.inteiro,
      cell: (c) => (
        <Text as="span" title={seguidores(c.row.original).join(', ') || undefined}>
          {c.getValue()}
        </Text>
      ),
    }),
    // A display column, read from the names at each render: an accessor's value is cached per row, and the names
    // may arrive after the models.
    col.display({
      id: 'seguidores',
      header: 'Seguido por',
      meta: { exportar: (m) => seguidores(m).join(', ') },
      cell: (c) => (
        <Text as="span" display="block" maxW={{ base: '10rem', md: '20rem' }} truncate>
          {seguidores(c.row.original).join(', ') || DASH}
        </Text>
      ),
    }),
  ];
  const { onEdit, onDelete, rebalancear } = acoes;
  if (!onEdit && !onDelete && !rebalancear) return colunas;
  return [
    ...colunas,
    col.display({
      id: 'actions',
      header: 'Ações',
      meta: { pinRight: true },
      cell: (c) => (
        <HStack gap="1">
          {rebalancear && (
            <Link asChild fontSize="sm" fontWeight="medium" color="gold.fg" mr="2">
              <RouterLink
                to="/ferramentas/modelos/$id/rebalancear"
                params={{ id: String(c.row.original.id) }}
                aria-label={`Rebalancear ${c.row.original.nome}`}
              >
                Rebalancear
              </RouterLink>
            </Link>
          )}
          {onEdit && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="gray"
              aria-label={`Editar ${c.row.original.nome}`}
              onClick={() => onEdit(c.row.original)}
            >
              Editar
            </Button>
          )}
          {onDelete && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Excluir ${c.row.original.nome}`}
              onClick={() => onDelete(c.row.original)}
            >
              Excluir
            </Button>
          )}
        </HStack>
      ),
    }),
  ];
}
