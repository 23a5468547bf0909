import { Alert, Button, Dialog, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ordensEndpoints,
  ResolverOrdemRequestSchema,
  type ResolverOrdemRequest,
} from '../../../contract';
import { useCancelOrdem, useResolveOrdem } from '../../api/ordens';
import { usePermissao } from '../../api/permissao';
import { TargetDialog } from '../../components/TargetDialog';
import { mensagemDoErro } from '../../lib/api-error';

/**
 * The aviso of an order in doubt: its outcome is not known yet and the terminal is asked again; it is never a
 * refusal. Shown wherever an order's state is.
 */
export function AvisoOrdem({ aviso }: { aviso: string | null | undefined }) {
  if (!aviso) return null;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Ordem em dúvida: o terminal será consultado de novo</Alert.Title>
        <Alert.Description>{aviso}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

interface Props {
  groupId: string;
  /** Whose order: what it changes in that client's portfolio reloads. */
  clienteId: number;
  /** Something rests at the terminal (a limit order not filled yet): Cancelar ordem. */
  cancelavel: boolean;
  /** A leg's outcome is unknown (the status answer's aviso): Resolver, with the reason. */
  resolvivel: boolean;
}

/**
 * Cancelar ordem and Resolver for an order still in flight. A cancel asks the terminal and the status polling
 * follows the order until its legs are canceled; Resolver closes an order in doubt with the reason given.
 */
export function OrdemAcoes({ groupId, clienteId, cancelavel, resolvivel }: Props) {
  const cancel = useCancelOrdem(clienteId);
  const [resolvendo, setResolvendo] = useState<string | null>(null);
  // Cancelling and resolving are for the roles that may (issue 32); the others see the order's state only.
  const podeCancelar = usePermissao(ordensEndpoints.cancel).pode && cancelavel;
  const podeResolver = usePermissao(ordensEndpoints.resolve).pode && resolvivel;
  if (!podeCancelar && !podeResolver) return null;
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        {podeCancelar && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={cancel.isPending}
            loadingText="Cancelando..."
            onClick={() => cancel.mutate(groupId)}
          >
            Cancelar ordem
          </Button>
        )}
        {podeResolver && (
          <Button size="sm" variant="outline" onClick={() => setResolvendo(groupId)}>
            Resolver
          </Button>
        )}
      </HStack>
      {cancel.isSuccess && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>
            Cancelamento pedido ao terminal; acompanhando a ordem até ser cancelada.
          </Alert.Title>
        </Alert.Root>
      )}
      {cancel.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{mensagemDoErro(cancel.error)}</Alert.Title>
        </Alert.Root>
      )}
      <ResolverOrdemDialog
        groupId={resolvendo}
        clienteId={clienteId}
        onClose={() => setResolvendo(null)}
      />
    </Stack>
  );
}

/** 'Resolver ordem': closes an order whose outcome cannot be known, with the reason; nothing reaches the portfolio. */
export function ResolverOrdemDialog({
  groupId,
  clienteId,
  onClose,
}: {
  groupId: string | null;
  clienteId: number;
  onClose: () => void;
}) {
  return (
    <TargetDialog target={groupId} targetKey={(id) => id} onClose={onClose} size="md">
      {(id) => <ResolverForm groupId={id} clienteId={clienteId} onClose={onClose} />}
    </TargetDialog>
  );
}

function ResolverForm({
  groupId,
  clienteId,
  onClose,
}: {
  groupId: string;
  clienteId: number;
  onClose: () => void;
}) {
  const resolve = useResolveOrdem(clienteId);
  const { register, handleSubmit, formState } = useForm<ResolverOrdemRequest>({
    resolver: zodResolver(ResolverOrdemRequestSchema),
    defaultValues: { motivo: '' },
  });
  const onSubmit = handleSubmit(({ motivo }) =>
    resolve.mutate({ groupId, motivo }, { onSuccess: onClose }),
  );
  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Resolver ordem</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                A ordem será encerrada sem registrar nada na carteira. Confira antes com a corretora
                o que foi executado, e registre à mão o que tiver sido.
              </Alert.Description>
            </Alert.Root>
            <Field.Root invalid={Boolean(formState.errors.motivo)}>
              <Field.Label>Motivo</Field.Label>
              <Textarea {...register('motivo')} rows={3} autoFocus />
              <Field.ErrorText>{formState.errors.motivo?.message}</Field.ErrorText>
            </Field.Root>
            {resolve.error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{mensagemDoErro(resolve.error)}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" colorPalette="gray" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" loading={resolve.isPending}>
            Resolver ordem
          </Button>
        </Dialog.Footer>
      </form>
    </Dialog.Content>
  );
}
