import { Heading } from '@chakra-ui/react';

export function CarteiraPage() {
  return (
    <Heading as="h1" size="lg">
      Carteira
    </Heading>
  );
}
