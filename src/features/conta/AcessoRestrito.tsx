import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { EscopoRestrito } from '../../../contract';
import { useLogout } from '../../api/auth';
import { useSession } from '../../lib/session';
import { Inscricao2fa } from './Inscricao2fa';
import { SenhaForm } from './SenhaForm';

const TEXTOS: Record<EscopoRestrito, { titulo: string; texto: string }> = {
  trocar_senha: {
    titulo: 'Trocar senha',
    texto: 'Sua senha é temporária: escolha uma senha nova para continuar.',
  },
  inscrever_2fa: {
    titulo: 'Ative o segundo fator',
    texto: 'Seu papel exige o segundo fator: ative-o para continuar.',
  },
};

/**
 * What a restricted session sees instead of the product (issue 32): a temporary password must be changed first,
 * and a role EXIGIR_2FA names must enrol a second factor. `onConcluido` when done (the password changed, the
 * recovery codes kept); Sair ends the session.
 */
export function AcessoRestrito({
  escopo,
  onConcluido,
}: {
  escopo: EscopoRestrito;
  onConcluido: () => void;
}) {
  const current = useSession();
  const logout = useLogout();
  const { titulo, texto } = TEXTOS[escopo];
  return (
    <Box minH="100dvh" display="grid" placeItems="center" px="4" py="8">
      <Card.Root as="main" w="full" maxW={escopo === 'trocar_senha' ? 'md' : 'xl'}>
        <Card.Header>
          <Text color="gold.fg" fontWeight="bold" fontSize="lg">
            Carteira RV
          </Text>
          <Heading as="h1" size="lg">
            {titulo}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <Text>{texto}</Text>
            {escopo === 'trocar_senha' ? (
              <SenhaForm onChanged={onConcluido} />
            ) : (
              <Inscricao2fa username={current?.username ?? ''} onConcluido={onConcluido} />
            )}
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="flex-end">
          <Button
            variant="ghost"
            colorPalette="gray"
            size="sm"
            onClick={() => logout.mutate()}
            loading={logout.isPending}
          >
            Sair
          </Button>
        </Card.Footer>
      </Card.Root>
    </Box>
  );
}
