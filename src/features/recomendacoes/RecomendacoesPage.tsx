import { Alert, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { recomendacoesQueries, useRefreshRecomendacoes } from '../../api/recomendacoes';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { RecomendacoesTable } from '../../widgets/recomendacoes';

export function RecomendacoesPage() {
  const query = useQuery(recomendacoesQueries.list());
  const refresh = useRefreshRecomendacoes();
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          Recomendações
        </Heading>
        <Button
          size="sm"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending || query.isFetching}
        >
          Atualizar
        </Button>
      </HStack>
      {refresh.data && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{refresh.data.message}</Alert.Title>
        </Alert.Root>
      )}
      {refresh.error && (
        <Text fontSize="sm" color="red.600" role="alert">
          Falha ao atualizar as recomendações. {refresh.error.message}
        </Text>
      )}
      {nuncaCarregou(query) ? (
        <LoadError
          what="as recomendações"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <RecomendacoesTable
          data={query.data ?? []}
          emptyText={query.isPending ? 'Carregando...' : 'Nenhum registro encontrado.'}
        />
      )}
    </Stack>
  );
}
