import { Alert, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { LoteIdResponse } from '../../../contract';
import { foraDoLoteKey } from '../../api/lotes';
import { contagem } from './figures';

type Fora = NonNullable<LoteIdResponse['fora']>;

/**
 * A sale lote's clients left out when it was sent (issue 34: what can be sent is sent), each with why — a terminal
 * offline, one that cannot trade, a refused leg, no whole share at the percentual. Known to the tab that sent it.
 */
export function ForaDoLote({ loteId }: { loteId: string }) {
  const { data: fora } = useQuery<Fora>({
    queryKey: foraDoLoteKey(loteId),
    // Nothing to ask the server: only the send's answer says who was left out.
    queryFn: () => [],
    staleTime: Infinity,
  });
  if (!fora?.length) return null;
  return (
    <Alert.Root status="warning" role="status" aria-label="Fora do lote">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {contagem(fora.length, 'operação ficou', 'operações ficaram')} de fora do lote (as outras
          foram enviadas):
        </Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            {fora.map((f) => (
              <Text key={f.operacao}>
                {f.nome}: {f.motivo}
              </Text>
            ))}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
