import { Heading } from '@chakra-ui/react';

export function HomePage() {
  return (
    <Heading as="h1" size="lg">
      Dashboard
    </Heading>
  );
}
