import { Alert, Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { RecomendacoesTable } from '../../components/recomendacoes/RecomendacoesTable';
import { useRecalcularRecomendacoes, useRecomendacoes } from '../../components/recomendacoes/api';

export function RecomendacoesPage() {
  const query = useRecomendacoes();
  const recalcular = useRecalcularRecomendacoes();
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          Recomendações
        </Heading>
        <Button
          size="sm"
          onClick={() => recalcular.mutate()}
          loading={recalcular.isPending || query.isFetching}
        >
          Atualizar
        </Button>
      </HStack>
      {recalcular.data && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{recalcular.data.message}</Alert.Title>
        </Alert.Root>
      )}
      <RecomendacoesTable
        data={query.data ?? []}
        emptyText={query.isPending ? 'Carregando...' : 'Nenhum registro encontrado.'}
      />
    </Stack>
  );
}
