import { Alert, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { conciliacaoQueries } from '../../api/conciliacao';
import { DataTable, type RowDetail } from '../../components/DataTable';
import { colunasDosClientes } from './conciliacao/colunas';
import type { ConciliacaoResumo } from '../../../contract';
import { clientesMostrados, resumoDosClientes, semClientes } from './conciliacao/conciliacao';
import { ConciliacaoCliente } from './conciliacao/ConciliacaoCliente';

/** A client's stocks, under its row: its toggle is the name a phone reaches first (the pinned column). */
const detalhe: RowDetail<ConciliacaoResumo> = {
  label: (c) => `Detalhes de ${c.nome}`,
  render: (c) => <ConciliacaoCliente cliente={c} />,
};

/**
 * CONCILIAÇÃO: every client's book against its terminal and its latest custody import; the worst state per
 * client, how many stocks disagree, and each client's stocks under its row. A terminal that does not answer is
 * said as such.
 */
export function ConciliacaoTab() {
  const query = useQuery(conciliacaoQueries.list());
  const [soDivergencias, setSoDivergencias] = useState(false);
  const todos = query.data;
  const linhas = useMemo(
    () => clientesMostrados(todos ?? [], soDivergencias),
    [todos, soDivergencias],
  );

  return (
    <Stack gap="4">
      <HStack gap="4" wrap="wrap">
        <Checkbox.Root
          checked={soDivergencias}
          onCheckedChange={(e) => setSoDivergencias(e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Só divergências</Checkbox.Label>
        </Checkbox.Root>
        <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Atualizar
        </Button>
      </HStack>
      {query.error && !todos && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{query.error.message}</Alert.Title>
        </Alert.Root>
      )}
      <DataTable
        label="Conciliação"
        columns={colunasDosClientes}
        data={linhas}
        getRowId={(c) => String(c.cliente)}
        emptyText={semClientes(query.isPending, soDivergencias)}
        toolbar={
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {query.isPending
              ? 'Consultando os terminais... pode levar alguns segundos.'
              : resumoDosClientes(todos ?? [])}
          </Text>
        }
        exportacao={{ nome: 'Conciliação' }}
        detail={detalhe}
      />
    </Stack>
  );
}
