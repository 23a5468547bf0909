import { HStack, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';

// Each tab's code (its chart, grids and donuts) loads the first time it opens: the screens' chunks do not carry it.
const RentabilidadeCliente = lazy(() => import('./RentabilidadeCliente'));
const RentabilidadeLivro = lazy(() => import('./RentabilidadeLivro'));

function Carregando({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <HStack py="6" justify="center">
          <Spinner color="gold.solid" />
          <Text>Carregando a rentabilidade...</Text>
        </HStack>
      }
    >
      {children}
    </Suspense>
  );
}

/** The portfolio's RENTABILIDADE tab (./RentabilidadeCliente.tsx), loaded on demand. */
export function RentabilidadeAba({ clienteId, cliente }: { clienteId: number; cliente?: string }) {
  return (
    <Carregando>
      <RentabilidadeCliente clienteId={clienteId} cliente={cliente} />
    </Carregando>
  );
}

/** The control panel's RENTABILIDADE tab (./RentabilidadeLivro.tsx), loaded on demand. */
export function RentabilidadeLivroAba() {
  return (
    <Carregando>
      <RentabilidadeLivro />
    </Carregando>
  );
}
