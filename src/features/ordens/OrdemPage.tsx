import { Alert, Badge, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ordensQueries, useOrdemStatus } from '../../api/ordens';
import { AvisoOrdem, ESTADO_ORDEM, LADO, OrdemAcoes, emAndamento } from '../../widgets/ordens';
import { acoesDaOrdem, erroDaOrdem } from './ordem-state';
import { Custos, Dados, NaCarteira, Pernas, Timeline } from './OrdemDados';

const route = getRouteApi('/ordens/$groupId');

function Secao({
  titulo,
  gap = '2',
  children,
}: {
  titulo: string;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      <Heading as="h2" size="md">
        {titulo}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * One order: its data, legs, what it did to the portfolio and its timeline; Cancelar ordem / Resolver while it
 * is in flight. Meanwhile its status is followed as the portfolio's dialogs follow it (src/api/ordens.ts), and
 * the detail reloads with each new status.
 */
export function OrdemPage() {
  const { groupId } = route.useParams();
  const router = useRouter();
  const detalhe = useQuery(ordensQueries.detail(groupId));
  const ordem = detalhe.data;
  const status = useOrdemStatus(
    ordem && emAndamento(ordem.estado)
      ? { groupId, cliente: ordem.cliente, lado: ordem.lado }
      : null,
  );

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
    return (
      <Stack gap="4" align="start">
        {voltar}
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{erroDaOrdem(detalhe.error)}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  const estado = ESTADO_ORDEM[ordem.estado];
  const acoes = acoesDaOrdem(ordem, status);

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
        cancelavel={acoes.cancelavel}
        resolvivel={acoes.resolvivel}
      />
      <Dados ordem={ordem} />
      <Secao titulo="Pernas">
        <Pernas ordem={ordem} />
      </Secao>
      {ordem.custos && (
        <Secao titulo="Custos">
          <Custos custos={ordem.custos} />
        </Secao>
      )}
      {ordem.operacoes.length > 0 && (
        <Secao titulo="Na carteira" gap="1">
          <NaCarteira ordem={ordem} />
        </Secao>
      )}
      <Secao titulo="Linha do tempo">
        <Timeline ordem={ordem} />
      </Secao>
    </Stack>
  );
}
