import {
  Alert,
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrdemDetalhe } from '../../../contract';
import { DASH, formatDateTime, formatInteger, formatNumber } from '../../../shared/format';
import { ORDEM_POLL_MS, ordensQueries } from '../../api/ordens';
import {
  AvisoOrdem,
  ESTADO_ORDEM,
  ESTADO_PERNA,
  EXECUCAO,
  LADO,
  LoteLink,
  OrdemAcoes,
  emAndamento,
} from '../../widgets/ordens';
import { ApiRequestError } from '../../lib/api';

function Dado({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box fontWeight="medium">{children}</Box>
    </Box>
  );
}

const PAPEL = {
  criada: { texto: 'criada', aba: 'posicionadas' },
  restante: { texto: 'aberta com o restante', aba: 'posicionadas' },
  realizada: { texto: 'realizada', aba: 'realizadas' },
} as const;

function Pernas({ ordem }: { ordem: OrdemDetalhe }) {
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Pernas da ordem">
        <Table.Header bg="bg.muted">
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Símbolo</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Volume</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Executado</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
              Preço médio
            </Table.ColumnHeader>
            <Table.ColumnHeader>Estado</Table.ColumnHeader>
            <Table.ColumnHeader>Retcode</Table.ColumnHeader>
            <Table.ColumnHeader>Mensagem da corretora</Table.ColumnHeader>
            <Table.ColumnHeader>Ticket</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ordem.legs.map((leg) => (
            <Table.Row key={leg.symbol + leg.ticket}>
              <Table.Cell fontWeight="semibold">{leg.symbol}</Table.Cell>
              <Table.Cell textAlign="end">{formatInteger(leg.volume)}</Table.Cell>
              <Table.Cell textAlign="end">{formatInteger(leg.volume_exec)}</Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(leg.preco_medio)}</Table.Cell>
              <Table.Cell>
                {ESTADO_PERNA[leg.estado]}
                {leg.problema && (
                  <Text fontSize="xs" color="orange.fg">
                    {leg.problema}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {[leg.retcode, leg.retcode_desc].filter((x) => x !== null).join(' ') || DASH}
              </Table.Cell>
              <Table.Cell>
                {leg.broker_comment ?? DASH}
                {leg.retcode_external ? ` (código ${leg.retcode_external})` : ''}
              </Table.Cell>
              <Table.Cell>{leg.ticket ?? DASH}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Timeline({ ordem }: { ordem: OrdemDetalhe }) {
  return (
    <Stack as="ol" gap="0" aria-label="Linha do tempo" listStyleType="none">
      {ordem.timeline.map((t, i) => (
        <Box
          as="li"
          key={i}
          borderLeftWidth="2px"
          borderColor="gold.muted"
          pl="4"
          pb="3"
          position="relative"
        >
          <Box
            position="absolute"
            left="-5px"
            top="1.5"
            boxSize="2"
            rounded="full"
            bg="gold.solid"
          />
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(t.em)} · {t.usuario}
          </Text>
          <Text fontWeight="medium">{t.evento}</Text>
          {t.detalhe && <Text fontSize="sm">{t.detalhe}</Text>}
        </Box>
      ))}
    </Stack>
  );
}

/** One order: its data, legs, what it did to the portfolio and its timeline; Cancelar ordem / Resolver while open. */
export function OrdemPage() {
  const { groupId } = useParams({ strict: false }) as { groupId: string };
  const router = useRouter();
  const detalhe = useQuery({
    ...ordensQueries.detail(groupId),
    // While the order is in flight, the page follows it as the portfolio's dialogs do.
    refetchInterval: (q) =>
      q.state.data && emAndamento(q.state.data.estado) ? ORDEM_POLL_MS : false,
  });
  const ordem = detalhe.data;
  const aberta = Boolean(ordem && emAndamento(ordem.estado));
  // The status call is what asks the terminal (and finishes the order); the detail only reads what is stored.
  useQuery({
    ...ordensQueries.status(ordem?.cliente ?? 0, ordem?.lado ?? 'compra', aberta ? groupId : null),
    enabled: aberta,
  });

  // Back where the operator came from (the history or a portfolio's ORDENS tab); opened on its own, the history.
  const voltar = (
    <Button
      size="sm"
      variant="outline"
      colorPalette="gray"
      onClick={() =>
        router.history.canGoBack() ? router.history.back() : void router.navigate({ to: '/ordens' })
      }
    >
      ← Voltar
    </Button>
  );
  if (detalhe.isPending) {
    return (
      <HStack gap="3" role="status">
        <Spinner color="gold.solid" />
        <Text>Carregando a ordem...</Text>
      </HStack>
    );
  }
  if (!ordem) {
    const naoExiste = detalhe.error instanceof ApiRequestError && detalhe.error.status === 404;
    return (
      <Stack gap="4" align="start">
        {voltar}
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {naoExiste ? 'Ordem não encontrada.' : (detalhe.error?.message ?? 'Erro ao carregar.')}
          </Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  const estado = ESTADO_ORDEM[ordem.estado];
  const cancelavel =
    aberta && ordem.legs.some((l) => l.estado === 'placed' || l.estado === 'partial');

  return (
    <Stack gap="5">
      <HStack gap="3" wrap="wrap">
        {voltar}
        <Heading as="h1" size="lg">
          {LADO[ordem.lado]} de {ordem.acao} — {ordem.nome}
        </Heading>
        <Badge colorPalette={estado.palette} size="lg">
          {estado.label}
        </Badge>
      </HStack>

      <AvisoOrdem aviso={ordem.aviso} />
      {ordem.erro && (
        <Alert.Root status={ordem.estado === 'resolved' ? 'info' : 'error'}>
          <Alert.Indicator />
          <Alert.Title>{ordem.erro}</Alert.Title>
        </Alert.Root>
      )}
      <OrdemAcoes
        groupId={ordem.group_id}
        clienteId={ordem.cliente}
        cancelavel={cancelavel}
        resolvivel={aberta && Boolean(ordem.aviso)}
      />

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Dado label="Data/hora">{formatDateTime(ordem.criado_em)}</Dado>
        <Dado label="Cliente">
          <Link asChild color="gold.fg">
            <RouterLink to="/clientes/$id/carteira" params={{ id: String(ordem.cliente) }}>
              {ordem.nome}
            </RouterLink>
          </Link>
        </Dado>
        <Dado label="Ação">{ordem.acao}</Dado>
        <Dado label="Execução">{EXECUCAO[ordem.execucao]}</Dado>
        <Dado label="Preço limite">{formatNumber(ordem.preco)}</Dado>
        <Dado label="Alvo">{formatNumber(ordem.tp)}</Dado>
        <Dado label="Enviada por">{ordem.usuario}</Dado>
        <Dado label="Lote">
          <LoteLink loteId={ordem.lote_id} />
        </Dado>
        <Dado label="Concluída em">{formatDateTime(ordem.concluido_em)}</Dado>
        <Dado label="Ordem">
          <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
            {ordem.group_id}
          </Text>
        </Dado>
      </SimpleGrid>

      <Stack gap="2">
        <Heading as="h2" size="md">
          Pernas
        </Heading>
        <Pernas ordem={ordem} />
      </Stack>

      {ordem.operacoes.length > 0 && (
        <Stack gap="1">
          <Heading as="h2" size="md">
            Na carteira
          </Heading>
          {ordem.operacoes.map((op) => (
            <Text key={op.id}>
              <Link asChild color="gold.fg">
                <RouterLink
                  to="/clientes/$id/carteira"
                  params={{ id: String(ordem.cliente) }}
                  search={{ aba: PAPEL[op.papel].aba }}
                >
                  Operação #{op.id} {PAPEL[op.papel].texto}
                </RouterLink>
              </Link>
            </Text>
          ))}
        </Stack>
      )}

      <Stack gap="2">
        <Heading as="h2" size="md">
          Linha do tempo
        </Heading>
        <Timeline ordem={ordem} />
      </Stack>
    </Stack>
  );
}
