import { Alert, Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { recomendacoesQueries, useRefreshRecomendacoes } from '../../api/recomendacoes';
import { RecomendacoesTable } from '../../components/recomendacoes/RecomendacoesTable';

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
      <RecomendacoesTable
        data={query.data ?? []}
        emptyText={query.isPending ? 'Carregando...' : 'Nenhum registro encontrado.'}
      />
    </Stack>
  );
}
