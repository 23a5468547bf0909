import { Heading } from '@chakra-ui/react';

export function ImportacaoPage() {
  return (
    <Heading as="h1" size="lg">
      Importação
    </Heading>
  );
}
