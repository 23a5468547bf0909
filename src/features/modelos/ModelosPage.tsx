import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { modelosEndpoints, type Modelo } from '../../../contract';
import { clientesQueries } from '../../api/clientes';
import { modelosQueries } from '../../api/modelos';
import { usePermissao } from '../../api/permissao';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { colunasDosModelos } from './colunas';
import { DeleteModeloDialog } from './DeleteModeloDialog';
import { ModeloDialog } from './ModeloDialog';

type OpenDialog =
  { kind: 'modelo'; modelo: Modelo | 'new' } | { kind: 'delete'; modelo: Modelo } | null;

/**
 * Ferramentas → Modelos (issue 33): the model portfolios, each one's weights, band and followers; create, edit,
 * delete (for the roles that may) and the rebalance of its clients (for those that send lotes).
 */
export function ModelosPage() {
  const modelos = useQuery(modelosQueries.list());
  const clientes = useQuery(clientesQueries.list());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const edita = usePermissao(modelosEndpoints.create).pode;
  const rebalancear = usePermissao(modelosEndpoints.validateRebalance).pode;

  const columns = useMemo(() => {
    const nomes = new Map((clientes.data ?? []).map((c) => [c.id, c.nome ?? `Cliente ${c.id}`]));
    return colunasDosModelos(nomes, {
      onEdit: edita ? (modelo) => setDialog({ kind: 'modelo', modelo }) : null,
      onDelete: edita ? (modelo) => setDialog({ kind: 'delete', modelo }) : null,
      rebalancear,
    });
  }, [clientes.data, edita, rebalancear]);

  return (
    <Stack gap="5">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="lg">
          Modelos
        </Heading>
        {edita && (
          <Button onClick={() => setDialog({ kind: 'modelo', modelo: 'new' })}>Novo modelo</Button>
        )}
      </Flex>
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        Carteiras-modelo: os pesos das ações e o caixa-alvo somam exatamente 100 %. Cada cliente
        segue um modelo (no cadastro do cliente); Rebalancear leva os clientes do modelo de volta
        aos pesos, em lotes de 100 e fracionário.
      </Text>
      {nuncaCarregou(modelos) ? (
        <LoadError
          what="os modelos"
          error={modelos.error}
          onRetry={() => void modelos.refetch()}
          retrying={modelos.isFetching}
        />
      ) : (
        <DataTable
          label="Modelos"
          columns={columns}
          data={modelos.data ?? []}
          getRowId={(m) => String(m.id)}
          initialSorting={[{ id: 'nome', desc: false }]}
          emptyText={modelos.isPending ? 'Carregando...' : 'Nenhum modelo cadastrado.'}
          exportacao={{ nome: 'Modelos' }}
        />
      )}
      <ModeloDialog
        target={dialog?.kind === 'modelo' ? dialog.modelo : null}
        onClose={() => setDialog(null)}
      />
      <DeleteModeloDialog
        modelo={dialog?.kind === 'delete' ? dialog.modelo : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
