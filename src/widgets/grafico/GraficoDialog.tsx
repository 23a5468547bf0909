import { Dialog, HStack, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { TargetDialog } from '../../components/TargetDialog';
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
      size="xl"
      scrollBehavior="inside"
    >
      {(g) => (
        // One Dialog.Content for the whole opening: the dialog makes the element it opened with interactive, so
        // the loading state and the loaded one are its children, never two contents.
        <Dialog.Content>
          <Suspense
            fallback={
              <>
                <Dialog.Header>
                  <Dialog.Title>Gráfico — {g.ticker}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <HStack justify="center" py="16">
                    <Spinner color="gold.solid" />
                    <Text>Carregando gráfico...</Text>
                  </HStack>
                </Dialog.Body>
              </>
            }
          >
            <GraficoConteudo grafico={g} onClose={onClose} />
          </Suspense>
        </Dialog.Content>
      )}
    </TargetDialog>
  );
}
