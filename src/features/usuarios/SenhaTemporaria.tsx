import { Alert, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../components/CopyButton';

/** A temporary password, shown once: the server keeps only its hash, and the user must change it at login. */
export function SenhaTemporaria({ username, senha }: { username: string; senha: string }) {
  return (
    <Stack gap="3">
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Senha temporária de {username}</Alert.Title>
          <Alert.Description>
            Mostrada só agora: passe-a ao usuário. Ele deverá trocá-la no primeiro login.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Text
        aria-label="Senha temporária"
        fontFamily="mono"
        fontSize="lg"
        px="3"
        py="2"
        bg="bg.muted"
        rounded="md"
        wordBreak="break-all"
        userSelect="all"
      >
        {senha}
      </Text>
      <CopyButton value={senha} label="Copiar senha" copiedText="Senha copiada." />
    </Stack>
  );
}
