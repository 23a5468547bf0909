import { Heading, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { auditoriaQueries } from '../../api/auditoria';
import { usuariosQueries } from '../../api/usuarios';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { contagem, filtrosDe, VAZIO, type Campos } from './auditoria-state';
import { AuditoriaFiltros } from './AuditoriaFiltros';
import { colunasDaAuditoria, detalheDaEntrada } from './colunas';

/**
 * Ferramentas → Auditoria (issue 32, admin): every write and order the server recorded, newest first, filtered on
 * the server and loaded a page at a time as the grid scrolls; each entry's difference, a link to what it concerns.
 */
export function AuditoriaPage() {
  const [campos, setCampos] = useState<Campos>(VAZIO);
  const filtros = useMemo(() => filtrosDe(campos), [campos]);
  const query = useInfiniteQuery(auditoriaQueries.list(filtros));
  const usuarios = useQuery(usuariosQueries.list());
  const entradas = useMemo(() => query.data?.pages.flatMap((p) => p.results) ?? [], [query.data]);
  const nomes = useMemo(() => (usuarios.data ?? []).map((u) => u.username), [usuarios.data]);

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Auditoria
      </Heading>
      <AuditoriaFiltros
        campos={campos}
        onChange={setCampos}
        usuarios={nomes}
        onRefresh={() => void query.refetch()}
        refreshing={query.isRefetching}
      />
      {nuncaCarregou(query) ? (
        <LoadError
          what="a auditoria"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : (
        <DataTable
          label="Auditoria"
          columns={colunasDaAuditoria}
          data={entradas}
          getRowId={(e) => String(e.id)}
          emptyText={query.isPending ? 'Carregando...' : 'Nenhum registro encontrado.'}
          infinite={query}
          detail={detalheDaEntrada}
          toolbar={
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {contagem(entradas.length, query.hasNextPage, query.isPending)}
            </Text>
          }
          exportacao={{ nome: 'Auditoria', de: filtros.usuario }}
        />
      )}
    </Stack>
  );
}
