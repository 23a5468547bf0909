import { Heading } from '@chakra-ui/react';

export function ControleRoboPage() {
  return (
    <Heading as="h1" size="lg">
      Controle ROBÔ
    </Heading>
  );
}
