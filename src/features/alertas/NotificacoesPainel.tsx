import { Badge, Box, Button, Dialog, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { TIPO_ALERTA_NOME, type Notificacao } from '../../../contract';
import { formatDateTimeMinutes } from '../../../shared/format';
import { notificacoesQueries, useMarkLidas } from '../../api/alertas';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { DialogCloseButton } from '../../components/TargetDialog';
import { AssuntoLink } from './AssuntoLink';
import { emailDaNotificacao, MOTIVO_NOTIFICACAO } from './labels';

function Item({
  notificacao: n,
  onMarkLida,
  onFollow,
}: {
  notificacao: Notificacao;
  onMarkLida: () => void;
  onFollow: () => void;
}) {
  const email = emailDaNotificacao(n);
  const motivo = MOTIVO_NOTIFICACAO[n.motivo];
  return (
    <Box as="li" px="3" py="2.5" borderBottomWidth="1px" bg={n.lida ? undefined : 'gold.subtle'}>
      <HStack gap="2" wrap="wrap" mb="1">
        <Badge size="sm" colorPalette={n.critico ? 'red' : 'gray'}>
          {TIPO_ALERTA_NOME[n.tipo]}
        </Badge>
        {n.critico && (
          <Badge size="sm" colorPalette="red" variant="solid">
            Crítico
          </Badge>
        )}
        {motivo && (
          <Text as="span" fontSize="xs" color="fg.muted">
            {motivo}
          </Text>
        )}
      </HStack>
      <Text fontWeight={n.lida ? 'normal' : 'semibold'} fontSize="sm">
        {!n.lida && (
          <Text as="span" srOnly>
            Não lida:{' '}
          </Text>
        )}
        <AssuntoLink tipo={n.tipo} assunto={n.assunto} onFollow={onFollow}>
          {n.titulo}
        </AssuntoLink>
      </Text>
      <HStack justify="space-between" align="center" gap="2" mt="1">
        <Text fontSize="xs" color="fg.muted">
          {formatDateTimeMinutes(n.criada_em)}
          {n.assunto.cliente_nome && ` · ${n.assunto.cliente_nome}`}
        </Text>
        {!n.lida && (
          <Button size="2xs" variant="ghost" colorPalette="gray" onClick={onMarkLida}>
            Marcar como lida
          </Button>
        )}
      </HStack>
      {email && (
        <Text fontSize="xs" mt="1" color={email.falhou ? 'red.600' : 'fg.muted'}>
          {email.texto}
        </Text>
      )}
    </Box>
  );
}

/**
 * The bell's panel: the user's newest notifications, unread ones marked, each titled with a link to its subject
 * (following it marks it read), one or all marked read, and the way to the Alertas page. Anchored under the bell
 * on a wide screen, across the top on a phone.
 */
export function NotificacoesPainel({ onClose }: { onClose: () => void }) {
  const lista = useQuery(notificacoesQueries.list());
  const marcar = useMarkLidas();
  const notificacoes = lista.data ?? [];
  const naoLidas = notificacoes.filter((n) => !n.lida).map((n) => n.id);
  const follow = (n: Notificacao) => {
    if (!n.lida) marcar.mutate([n.id]);
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.300" />
        <Dialog.Positioner
          justifyContent={{ base: 'center', md: 'flex-end' }}
          alignItems="flex-start"
          pt="14"
          px={{ base: '2', md: '4' }}
        >
          <Dialog.Content
            maxW={{ base: 'full', md: 'md' }}
            my="0"
            mx={{ base: 'auto', md: '0' }}
            ms={{ md: 'auto' }}
            maxH="calc(100dvh - 4.5rem)"
          >
            <Dialog.Header pb="2" pe="12">
              <HStack justify="space-between" flex="1" gap="2" wrap="wrap">
                <Dialog.Title fontSize="md">Notificações</Dialog.Title>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={naoLidas.length === 0}
                  loading={marcar.isPending && marcar.variables === undefined}
                  onClick={() => marcar.mutate(undefined)}
                >
                  Marcar todas como lidas
                </Button>
              </HStack>
            </Dialog.Header>
            <Dialog.Body px="0" py="0">
              {nuncaCarregou(lista) ? (
                <Box p="3">
                  <LoadError
                    what="as notificações"
                    error={lista.error}
                    onRetry={() => void lista.refetch()}
                    retrying={lista.isFetching}
                  />
                </Box>
              ) : notificacoes.length === 0 ? (
                <Text p="4" color="fg.muted" fontSize="sm">
                  {lista.isPending ? 'Carregando...' : 'Nenhuma notificação.'}
                </Text>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none" aria-label="Notificações">
                  {notificacoes.map((n) => (
                    <Item
                      key={n.id}
                      notificacao={n}
                      onMarkLida={() => marcar.mutate([n.id])}
                      onFollow={() => follow(n)}
                    />
                  ))}
                </Stack>
              )}
              {marcar.error && (
                <Text p="3" color="red.600" fontSize="sm" role="alert">
                  {marcar.error.message}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="flex-start" py="3">
              <Link asChild color="gold.fg" fontSize="sm" fontWeight="medium">
                <RouterLink to="/alertas" onClick={onClose}>
                  Ver todos os alertas
                </RouterLink>
              </Link>
            </Dialog.Footer>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
