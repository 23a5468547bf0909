import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { todayIso } from '../../../shared/dates';
import { CopyButton } from '../../components/CopyButton';
import { baixar } from '../../lib/planilha';

/** The codes as a text file: one a line, with what they are for. */
export const textoDosCodigos = (username: string, codigos: readonly string[]) =>
  [
    `Carteira RV — códigos de recuperação de ${username}`,
    'Cada código vale uma vez, no lugar do código do aplicativo.',
    '',
    ...codigos,
    '',
  ].join('\n');

/**
 * The 10 recovery codes, shown once (the server keeps only their hashes): copy or download them, then Concluir.
 */
export function CodigosRecuperacao({
  username,
  codigos,
  onConcluir,
}: {
  username: string;
  codigos: readonly string[];
  onConcluir: () => void;
}) {
  const texto = textoDosCodigos(username, codigos);
  return (
    <Stack gap="4">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>Segundo fator ativado.</Alert.Title>
      </Alert.Root>
      <Text>
        Guarde estes códigos de recuperação em lugar seguro. Cada um vale uma vez, no lugar do
        código do aplicativo, se você perder o celular.{' '}
        <Text as="strong">Eles não serão mostrados de novo.</Text>
      </Text>
      <Box borderWidth="1px" rounded="md" p="3" bg="bg.muted" w="fit-content" maxW="full">
        <Box
          as="ol"
          aria-label="Códigos de recuperação"
          listStyle="none"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, max-content)' }}
          columnGap="8"
          rowGap="1"
          fontFamily="mono"
        >
          {codigos.map((c) => (
            <Box as="li" key={c}>
              {c}
            </Box>
          ))}
        </Box>
      </Box>
      <HStack gap="3" wrap="wrap" align="start">
        <CopyButton
          value={codigos.join('\n')}
          label="Copiar códigos"
          copiedText="Códigos copiados."
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            baixar(
              texto,
              'text/plain;charset=utf-8',
              `Carteira RV - códigos de recuperação - ${username} - ${todayIso()}.txt`,
            )
          }
        >
          Baixar (.txt)
        </Button>
      </HStack>
      <Button alignSelf="flex-start" onClick={onConcluir}>
        Já guardei os códigos
      </Button>
    </Stack>
  );
}
