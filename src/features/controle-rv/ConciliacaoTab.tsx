import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type {
  ConciliacaoResumo,
  LinhaConciliacao,
  SituacaoConciliacao,
  SituacaoLinha,
} from '../../../contract';
import { DASH, formatDate, formatInteger } from '../../../shared/format';
import { conciliacaoQueries } from '../../api/conciliacao';
import { TargetDialog } from '../../components/TargetDialog';

const SITUACAO_CLIENTE: Record<SituacaoConciliacao, { label: string; palette: string }> = {
  confere: { label: 'Confere', palette: 'green' },
  divergente: { label: 'Divergente', palette: 'red' },
  sem_terminal: { label: 'Sem terminal', palette: 'gray' },
};

const SITUACAO_LINHA: Record<SituacaoLinha, { label: string; palette: string }> = {
  confere: { label: 'Confere', palette: 'green' },
  so_no_livro: { label: 'Só no livro', palette: 'orange' },
  so_no_terminal: { label: 'Só no terminal', palette: 'orange' },
  so_na_custodia: { label: 'Só na custódia', palette: 'orange' },
  diverge: { label: 'Quantidade diverge', palette: 'red' },
};

/** How the terminal answered (the client list's MT5 words), when it did not hand over its positions. */
const TERMINAL: Record<string, string> = {
  online: 'Respondeu',
  warning: 'Atenção',
  offline: 'Offline',
  timeout: 'Timeout',
  error: 'Erro',
  missing_ip: 'Sem IP',
};

const terminalTexto = (c: Pick<ConciliacaoResumo, 'terminal_status' | 'terminal_detalhe'>) =>
  [TERMINAL[c.terminal_status] ?? c.terminal_status, c.terminal_detalhe]
    .filter(Boolean)
    .join(' — ');

const comSinal = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatInteger(Math.abs(n))}`;

/** The differences against the book, where there are any: 'terminal −100 · custódia +200'. */
function diferencas(l: LinhaConciliacao): string {
  const partes = [
    l.diferenca_terminal ? `terminal ${comSinal(l.diferenca_terminal)}` : null,
    l.diferenca_custodia ? `custódia ${comSinal(l.diferenca_custodia)}` : null,
  ].filter(Boolean);
  return partes.join(' · ') || DASH;
}

/** The client's column stays in view while the table scrolls sideways. */
const fixa = { position: 'sticky', left: 0, bg: 'bg', zIndex: 1 } as const;

function SituacaoBadge({ situacao }: { situacao: { label: string; palette: string } }) {
  return (
    <Badge colorPalette={situacao.palette} variant="subtle">
      {situacao.label}
    </Badge>
  );
}

/** One client, stock by stock: the book, the terminal, the custody and what differs. */
function ConciliacaoCliente({
  cliente,
  onClose,
}: {
  cliente: ConciliacaoResumo;
  onClose: () => void;
}) {
  const query = useQuery(conciliacaoQueries.detail(cliente.cliente));
  const detalhe = query.data;
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>Conciliação — {cliente.nome}</Dialog.Title>
      </Dialog.Header>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
      <Dialog.Body>
        {!detalhe ? (
          query.error ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{query.error.message}</Alert.Title>
            </Alert.Root>
          ) : (
            <HStack gap="3" role="status">
              <Spinner size="sm" color="gold.solid" />
              <Text>Consultando o terminal...</Text>
            </HStack>
          )
        ) : (
          <Stack gap="4">
            <HStack gap="4" wrap="wrap" fontSize="sm">
              <SituacaoBadge situacao={SITUACAO_CLIENTE[detalhe.situacao]} />
              <Text>Terminal: {terminalTexto(detalhe)}</Text>
              <Text>
                Custódia:{' '}
                {detalhe.custodia_data ? formatDate(detalhe.custodia_data) : 'nenhuma importada'}
              </Text>
            </HStack>
            {detalhe.terminal_status !== 'online' && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>
                  O terminal não respondeu: as posições dele não foram comparadas (não contam como
                  divergência).
                </Alert.Title>
              </Alert.Root>
            )}
            <Box overflowX="auto" borderWidth="1px" rounded="md">
              <Table.Root size="sm" aria-label={`Conciliação de ${cliente.nome}`}>
                <Table.Header bg="bg.muted">
                  <Table.Row bg="bg.muted">
                    <Table.ColumnHeader>Ação</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Livro</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Terminal</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Custódia</Table.ColumnHeader>
                    <Table.ColumnHeader>Situação</Table.ColumnHeader>
                    <Table.ColumnHeader>Diferença</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {detalhe.linhas.length === 0 && (
                    <Table.Row>
                      <Table.Cell colSpan={6}>
                        <Text color="fg.muted" textAlign="center" py="3">
                          Nenhuma ação no livro, no terminal ou na custódia.
                        </Text>
                      </Table.Cell>
                    </Table.Row>
                  )}
                  {detalhe.linhas.map((l) => (
                    <Table.Row key={l.acao}>
                      <Table.Cell fontWeight="semibold">{l.acao}</Table.Cell>
                      <Table.Cell textAlign="end">{formatInteger(l.livro)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatInteger(l.terminal)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatInteger(l.custodia)}</Table.Cell>
                      <Table.Cell>
                        <SituacaoBadge situacao={SITUACAO_LINHA[l.situacao]} />
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{diferencas(l)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </Stack>
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

/**
 * CONCILIAÇÃO: every client's book against its terminal and its latest custody import; the worst state per
 * client, how many stocks disagree, and each client's detail. A terminal that does not answer is said as such.
 */
export function ConciliacaoTab() {
  const query = useQuery(conciliacaoQueries.list());
  const [soDivergencias, setSoDivergencias] = useState(false);
  const [aberto, setAberto] = useState<ConciliacaoResumo | null>(null);
  const todos = query.data;
  const linhas = useMemo(
    () => (todos ?? []).filter((c) => !soDivergencias || c.situacao === 'divergente'),
    [todos, soDivergencias],
  );
  const contagem = (s: SituacaoConciliacao) => (todos ?? []).filter((c) => c.situacao === s).length;

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
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {query.isPending
          ? 'Consultando os terminais... pode levar alguns segundos.'
          : `${formatInteger(todos?.length ?? 0)} clientes: ${contagem('confere')} conferem, ` +
            `${contagem('divergente')} divergentes, ${contagem('sem_terminal')} sem terminal.`}
      </Text>
      {query.error && !todos && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{query.error.message}</Alert.Title>
        </Alert.Root>
      )}
      <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" aria-label="Conciliação">
          <Table.Header bg="bg.muted">
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader {...fixa} bg="bg.muted">
                Cliente
              </Table.ColumnHeader>
              <Table.ColumnHeader>Situação</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Divergências</Table.ColumnHeader>
              <Table.ColumnHeader>Terminal</Table.ColumnHeader>
              <Table.ColumnHeader>Custódia</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {linhas.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text color="fg.muted" py="4" textAlign="center">
                    {query.isPending
                      ? 'Carregando...'
                      : soDivergencias
                        ? 'Nenhuma divergência.'
                        : 'Nenhum cliente.'}
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
            {linhas.map((c) => (
              <Table.Row key={c.cliente} data-situacao={c.situacao}>
                <Table.Cell {...fixa}>
                  {/* The name opens the client's detail: reachable at once on a phone, however wide the table. */}
                  <Button
                    variant="plain"
                    size="sm"
                    px="0"
                    color="gold.fg"
                    fontWeight="medium"
                    aria-label={`Detalhes de ${c.nome}`}
                    onClick={() => setAberto(c)}
                  >
                    {c.nome}
                  </Button>
                </Table.Cell>
                <Table.Cell>
                  <SituacaoBadge situacao={SITUACAO_CLIENTE[c.situacao]} />
                </Table.Cell>
                <Table.Cell textAlign="end">{formatInteger(c.divergencias)}</Table.Cell>
                <Table.Cell
                  minW="64"
                  color={c.terminal_status === 'online' ? undefined : 'fg.muted'}
                >
                  {terminalTexto(c)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {c.custodia_data ? formatDate(c.custodia_data) : DASH}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <TargetDialog
        target={aberto}
        targetKey={(c) => c.cliente}
        onClose={() => setAberto(null)}
        size="lg"
        scrollBehavior="inside"
      >
        {(c) => <ConciliacaoCliente cliente={c} onClose={() => setAberto(null)} />}
      </TargetDialog>
    </Stack>
  );
}
