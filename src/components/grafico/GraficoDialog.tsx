import { Dialog, HStack, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { TargetDialog } from '../TargetDialog';
import type { Grafico } from './grafico';

// The dialog's content and the chart library load the first time a chart opens: no screen's bundle carries them.
const GraficoConteudo = lazy(() => import('./GraficoConteudo'));

/** A stock's price chart, open while it has a target (a position, a recommendation). */
export function GraficoDialog({
  grafico,
  onClose,
}: {
  grafico: Grafico | null;
  onClose: () => void;
}) {
  return (
    <TargetDialog
      target={grafico}
      targetKey={(g) => `${g.ticker} ${g.descricao}`}
      onClose={onClose}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      {(g) => (
        <Suspense
          fallback={
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Gráfico — {g.ticker}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <HStack justify="center" py="16">
                  <Spinner color="gold.solid" />
                  <Text>Carregando gráfico...</Text>
                </HStack>
              </Dialog.Body>
            </Dialog.Content>
          }
        >
          <GraficoConteudo grafico={g} onClose={onClose} />
        </Suspense>
      )}
    </TargetDialog>
  );
}
