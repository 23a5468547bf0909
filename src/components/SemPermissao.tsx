import { Alert, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePermissao } from '../api/permissao';
import type { Permissao } from '../../contract';

/** A screen the user's role may not use, said at its address instead of failing on its calls. */
export function SemPermissao({ titulo, motivo }: { titulo?: string; motivo: string }) {
  return (
    <Stack gap="4" maxW="2xl">
      {titulo && (
        <Heading as="h1" size="lg">
          {titulo}
        </Heading>
      )}
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{motivo}</Alert.Title>
          <Alert.Description>Peça a um administrador se precisar deste acesso.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}

/**
 * Shows `children` only to a role that may call `endpoint`; the others read why (nothing while the role is still
 * being asked).
 */
export function ComPermissao({
  endpoint,
  titulo,
  children,
}: {
  endpoint: { readonly permissao: Permissao };
  titulo?: string;
  children: ReactNode;
}) {
  const { pode, conhecido, motivo } = usePermissao(endpoint);
  if (!conhecido) return null;
  return pode ? children : <SemPermissao titulo={titulo} motivo={motivo} />;
}
