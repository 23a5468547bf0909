import { Heading } from '@chakra-ui/react';

export function ControleRvPage() {
  return (
    <Heading as="h1" size="lg">
      Painel de Controle
    </Heading>
  );
}
