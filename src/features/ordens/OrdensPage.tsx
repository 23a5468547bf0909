import { Heading, Stack } from '@chakra-ui/react';
import { HistoricoOrdens } from '../../widgets/ordens';

/** Ordens → Histórico: every order sent, by any operator, for any client. */
export function OrdensPage() {
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Histórico de ordens
      </Heading>
      <HistoricoOrdens />
    </Stack>
  );
}
