import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { OrderStatus } from '../../../contract';
import { formatInteger } from '../../../shared/format';
import { onOrdemTerminada } from '../../api/ordem-terminada';
import type { OrdemRef } from '../../api/ordens';

/** The app's toasts, bottom right (above everything, a dialog included). */
const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5 });

/** Long enough to read after looking away; closable sooner. */
const DURACAO_MS = 20_000;

export interface FimDaOrdem {
  tipo: 'success' | 'warning' | 'error';
  titulo: string;
  descricao: string;
}

/** How an order ended, in words: executed, executed in part (what filled), or not executed (and why). */
export function fimDaOrdem(lado: OrdemRef['lado'], status: OrderStatus): FimDaOrdem {
  const nome = lado === 'compra' ? 'Compra' : 'Venda';
  const executadas = status.summary.reduce((soma, leg) => soma + leg.volume_exec, 0);
  const pedidas = status.summary.reduce((soma, leg) => soma + leg.volume, 0);
  const ticker = status.summary[0]?.symbol ?? '';
  const acoes = (n: number) => `${formatInteger(n)} ${n === 1 ? 'ação' : 'ações'}`;
  if (status.executed_all)
    return {
      tipo: 'success',
      titulo: `${nome} executada`,
      descricao: `${ticker}: ${acoes(executadas)}.`,
    };
  const erro = status.erro ? ` ${status.erro}` : '';
  if (executadas > 0)
    return {
      tipo: 'warning',
      titulo: `${nome} executada em parte`,
      descricao: `${ticker}: ${formatInteger(executadas)} de ${acoes(pedidas)}.${erro}`,
    };
  return { tipo: 'error', titulo: `${nome} não executada`, descricao: `${ticker}.${erro}` };
}

/**
 * Says how each order sent from this tab ended, as a toast with a link to the order — the dialog open or closed
 * with Fechar (issue 34, rough edge 12): the order is followed until it ends either way (src/api/ordens.ts), and
 * this is where its end reaches the user. Mounted once, in the app's shell.
 */
export function AvisosDeOrdens() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The toasts go with the shell (the session ended): the next user sees none of this one's orders.
  useEffect(() => () => void toaster.remove(), []);
  useEffect(
    () =>
      onOrdemTerminada(queryClient, (ordem, status) => {
        const fim = fimDaOrdem(ordem.lado, status);
        toaster.create({
          id: `ordem-${ordem.groupId}`,
          type: fim.tipo,
          title: fim.titulo,
          description: fim.descricao,
          duration: DURACAO_MS,
          closable: true,
          action: {
            label: 'Ver ordem',
            onClick: () =>
              void navigate({ to: '/ordens/$groupId', params: { groupId: ordem.groupId } }),
          },
        });
      }),
    [queryClient, navigate],
  );
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
