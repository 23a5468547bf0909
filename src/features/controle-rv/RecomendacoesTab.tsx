import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { RecomendacoesTable } from '../../components/recomendacoes/RecomendacoesTable';
import { useRecalcularRecomendacoes, useRecomendacoes } from '../../components/recomendacoes/api';

export function RecomendacoesTab() {
  const query = useRecomendacoes();
  const recalcular = useRecalcularRecomendacoes();
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          onClick={() => recalcular.mutate()}
          loading={recalcular.isPending || query.isFetching}
        >
          Atualizar
        </Button>
        {recalcular.data && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {recalcular.data.message}
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
