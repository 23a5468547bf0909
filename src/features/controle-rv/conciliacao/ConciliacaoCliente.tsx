import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
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

/** One client, stock by stock: the book, the terminal, the custody and what differs. */
export function ConciliacaoCliente({
  cliente,
  onClose,
}: {
  cliente: ConciliacaoResumo;
  onClose: () => void;
}) {
  const query = useQuery(conciliacaoQueries.detail(cliente.cliente));
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>Conciliação — {cliente.nome}</Dialog.Title>
      </Dialog.Header>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
      <Dialog.Body>
        {query.data ? (
          <Posicoes cliente={cliente} detalhe={query.data} />
        ) : query.error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{query.error.message}</Alert.Title>
          </Alert.Root>
        ) : (
          <HStack gap="3" role="status">
            <Spinner size="sm" color="gold.solid" />
            <Text>Consultando o terminal...</Text>
          </HStack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" colorPalette="gray" onClick={onClose}>
          Fechar
        </Button>
      </Dialog.Footer>
    </Dialog.Content>
  );
}
