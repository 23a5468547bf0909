import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { operacoesEndpoints, ordensEndpoints } from '../../../contract';
import { usePermissao } from '../../api/permissao';
import { tituloDaCarteira } from './carteira';

const Voltar = () => (
  <Button asChild variant="outline" colorPalette="gray" size="sm">
    <RouterLink to="/clientes">← Voltar</RouterLink>
  </Button>
);

/** An address whose client does not exist (deleted, or typed). */
export function ClienteNaoEncontrado({ id }: { id: string | undefined }) {
  return (
    <Stack gap="4" align="flex-start">
      <Voltar />
      <Heading as="h1" size="lg">
        Cliente não encontrado
      </Heading>
      <Text color="fg.muted">Não há cliente com o código {id}: ele pode ter sido deletado.</Text>
    </Stack>
  );
}

/** Both labels share one cell, the idle one hidden: the button keeps the wider one's width. */
function RefreshLabel({ refreshing }: { refreshing: boolean }) {
  return (
    <Box display="grid">
      <Box gridArea="1 / 1" visibility={refreshing ? 'hidden' : 'visible'} aria-hidden={refreshing}>
        Atualizar cotações
      </Box>
      <Box
        gridArea="1 / 1"
        visibility={refreshing ? 'visible' : 'hidden'}
        aria-hidden={!refreshing}
      >
        Atualizando...
      </Box>
    </Box>
  );
}

interface Props {
  nome: string;
  onCompra: () => void;
  onNovaOperacao: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Voltar, the client's name, and the page's buttons: an MT5 buy, a manual operation, the quotes again. */
export function CarteiraCabecalho({
  nome,
  onCompra,
  onNovaOperacao,
  onRefresh,
  refreshing,
}: Props) {
  // What the user's role may not do is not offered (issue 32).
  const compra = usePermissao(ordensEndpoints.sendCompra).pode;
  const operacao = usePermissao(operacoesEndpoints.create).pode;
  return (
    <Flex
      gap="3"
      align={{ base: 'stretch', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
    >
      <HStack gap="3" flex="1" minW="0">
        <Voltar />
        <Heading as="h1" size="lg" truncate>
          {tituloDaCarteira(nome)}
        </Heading>
      </HStack>
      <HStack gap="2" wrap="wrap">
        {compra && (
          <Button size="sm" onClick={onCompra}>
            Nova Compra (MT5)
          </Button>
        )}
        {operacao && (
          <Button size="sm" variant="outline" onClick={onNovaOperacao}>
            Nova Operação
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshLabel refreshing={refreshing} />
        </Button>
      </HStack>
    </Flex>
  );
}
