import { Heading } from '@chakra-ui/react';

export function ClientesPage() {
  return (
    <Heading as="h1" size="lg">
      Clientes
    </Heading>
  );
}
