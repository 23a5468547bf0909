import { Heading } from '@chakra-ui/react';
import { RecomendacoesPainel } from '../../widgets/recomendacoes';

export function RecomendacoesPage() {
  return (
    <RecomendacoesPainel
      titulo={
        <Heading as="h1" size="lg">
          Recomendações
        </Heading>
      }
      emptyText="Nenhum registro encontrado."
    />
  );
}
