import { Heading } from '@chakra-ui/react';

export function RecomendacoesPage() {
  return (
    <Heading as="h1" size="lg">
      Recomendações
    </Heading>
  );
}
