import { HStack, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// The tab's code loads the first time it opens: the portfolio's chunk does not carry it.
const IrCliente = lazy(() => import('./IrCliente'));

/** The portfolio's IR tab (./IrCliente.tsx), loaded on demand. */
export function IrAba({ clienteId, cliente }: { clienteId: number; cliente?: string }) {
  return (
    <Suspense
      fallback={
        <HStack py="6" justify="center">
          <Spinner color="gold.solid" />
          <Text>Carregando o IR...</Text>
        </HStack>
      }
    >
      <IrCliente clienteId={clienteId} cliente={cliente} />
    </Suspense>
  );
}
