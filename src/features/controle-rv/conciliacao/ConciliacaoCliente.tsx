import { Alert, Badge, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ConciliacaoCliente as Detalhe, ConciliacaoResumo } from '../../../../contract';
import { formatDate } from '../../../../shared/format';
import { conciliacaoQueries } from '../../../api/conciliacao';
import { DataTable } from '../../../components/DataTable';
import { colunasDoCliente } from './colunas';
import { SITUACAO_CLIENTE, terminalTexto } from './conciliacao';

/** The client's state, its terminal's answer and its custody's date, on the line above its stocks. */
function Cabecalho({ detalhe }: { detalhe: Detalhe }) {
  const situacao = SITUACAO_CLIENTE[detalhe.situacao];
  return (
    <HStack gap="4" wrap="wrap" fontSize="sm">
      <Badge colorPalette={situacao.palette} variant="subtle">
        {situacao.label}
      </Badge>
      <Text>Terminal: {terminalTexto(detalhe)}</Text>
      <Text>
        Custódia: {detalhe.custodia_data ? formatDate(detalhe.custodia_data) : 'nenhuma importada'}
      </Text>
    </HStack>
  );
}

function Posicoes({ cliente, detalhe }: { cliente: ConciliacaoResumo; detalhe: Detalhe }) {
  return (
    <Stack gap="4">
      {detalhe.terminal_status !== 'online' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            O terminal não respondeu: as posições dele não foram comparadas (não contam como
            divergência).
          </Alert.Title>
        </Alert.Root>
      )}
      <DataTable
        label={`Conciliação de ${cliente.nome}`}
        columns={colunasDoCliente}
        data={detalhe.linhas}
        getRowId={(l) => l.acao}
        emptyText="Nenhuma ação no livro, no terminal ou na custódia."
        toolbar={<Cabecalho detalhe={detalhe} />}
        exportacao={{ nome: 'Conciliação', de: cliente.nome }}
      />
    </Stack>
  );
}

/**
 * One client, stock by stock: the book, the terminal, the custody and what differs; under the client's row in
 * CONCILIAÇÃO when it is expanded, asked of the terminal then.
 */
export function ConciliacaoCliente({ cliente }: { cliente: ConciliacaoResumo }) {
  const query = useQuery(conciliacaoQueries.detail(cliente.cliente));
  if (query.data) return <Posicoes cliente={cliente} detalhe={query.data} />;
  if (query.error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{query.error.message}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <HStack gap="3" role="status">
      <Spinner size="sm" color="gold.solid" />
      <Text>Consultando o terminal...</Text>
    </HStack>
  );
}
