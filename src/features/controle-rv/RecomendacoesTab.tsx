import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { recomendacoesQueries, useRefreshRecomendacoes } from '../../api/recomendacoes';
import { RecomendacoesTable } from '../../components/recomendacoes/RecomendacoesTable';

export function RecomendacoesTab() {
  const query = useQuery(recomendacoesQueries.list());
  const refresh = useRefreshRecomendacoes();
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending || query.isFetching}
        >
          Atualizar
        </Button>
        {refresh.data && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {refresh.data.message}
          </Text>
        )}
      </HStack>
      <RecomendacoesTable
        data={query.data ?? []}
        emptyText={query.isPending ? 'Carregando...' : 'Nenhuma recomendação encontrada.'}
      />
    </Stack>
  );
}
