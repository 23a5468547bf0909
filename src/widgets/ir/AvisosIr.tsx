import { Alert, Stack } from '@chakra-ui/react';
import type { AvisoIr } from '../../../contract';

/** What the advisor should know about a report or a month, each in the server's words. */
export function AvisosIr({ avisos, label }: { avisos: readonly AvisoIr[]; label: string }) {
  if (avisos.length === 0) return null;
  return (
    <Stack gap="2" role="group" aria-label={label}>
      {avisos.map((a) => (
        <Alert.Root key={a.codigo + a.mensagem} status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{a.mensagem}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
