import { Button, Flex, Heading, Input, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Cliente, ClienteStatus } from '../../../contract';
import { clienteCorresponde } from '../../../shared/busca-cliente';
import { clientesQueries, STATUS_PENDENTE_MS, STATUS_REFRESH_MS } from '../../api/clientes';
import { modelosQueries } from '../../api/modelos';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { ClienteDialog } from './ClienteDialog';
import { colunasDosClientes } from './colunas';
import { DeleteClienteDialog } from './DeleteClienteDialog';

/** The clients: their data, each one's MT5 status as it is measured, and what a row opens. */
export function ClientesPage() {
  const clientes = useQuery(clientesQueries.list());
  const statuses = useQuery({
    ...clientesQueries.status(),
    // A client the server has not measured yet: asked again soon, until every dot is known.
    refetchInterval: (query) =>
      (clientes.data ?? []).some((c) => !query.state.data?.some((s) => s.id === c.id))
        ? STATUS_PENDENTE_MS
        : STATUS_REFRESH_MS,
  });
  const modelos = useQuery(modelosQueries.list());
  const [editing, setEditing] = useState<Cliente | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Cliente | null>(null);
  // The filter box (issue 34, item 5): name, código XP, document or email, as the top bar's search reads them.
  const [filtro, setFiltro] = useState('');
  const mostrados = useMemo(
    () => (clientes.data ?? []).filter((c) => clienteCorresponde(c, filtro)),
    [clientes.data, filtro],
  );

  const statusById = useMemo(
    () => new Map<number, ClienteStatus>((statuses.data ?? []).map((s) => [s.id, s])),
    [statuses.data],
  );

  const columns = useMemo(
    () =>
      colunasDosClientes(
        statusById,
        { onEdit: setEditing, onDelete: setDeleting },
        new Map((modelos.data ?? []).map((m) => [m.id, m.nome])),
      ),
    [statusById, modelos.data],
  );

  return (
    <Flex direction="column" gap="4">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="lg">
          Clientes
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          <Input
            size="sm"
            type="search"
            w={{ base: 'full', sm: '64' }}
            aria-label="Filtrar clientes"
            placeholder="Filtrar por nome, código XP ou documento"
            value={filtro}
            onChange={(e) => setFiltro(e.target.value)}
          />
          <Button onClick={() => setEditing('new')}>Novo Cliente</Button>
        </Flex>
      </Flex>
      {clientes.isPending ? (
        <Flex justify="center" py="10">
          <Spinner size="lg" color="gold.solid" aria-label="Carregando clientes" />
        </Flex>
      ) : nuncaCarregou(clientes) ? (
        <LoadError
          what="os clientes"
          error={clientes.error}
          onRetry={() => void clientes.refetch()}
          retrying={clientes.isFetching}
        />
      ) : (
        <DataTable
          label="Clientes"
          columns={columns}
          data={mostrados}
          getRowId={(c) => String(c.id)}
          emptyText={
            <Text as="span">
              {filtro.trim() ? 'Nenhum cliente encontrado.' : 'Nenhum cliente cadastrado.'}
            </Text>
          }
          exportacao={{ nome: 'Clientes' }}
        />
      )}
      <ClienteDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteClienteDialog cliente={deleting} onClose={() => setDeleting(null)} />
    </Flex>
  );
}
