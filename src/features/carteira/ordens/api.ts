import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BuyValidationResultSchema,
  GroupIdResponseSchema,
  OrderStatusSchema,
  RecomendacaoDisponivelSchema,
  type CompraRequest,
  type CompraValidarRequest,
  type OrderStatus,
  type VendaRequest,
} from '../../../../contract';
import { api } from '../../../lib/api';

/** The specification's order status polling period. */
export const ORDER_POLL_MS = 3000;

export type OrderSide = 'compra' | 'venda';

export const mt5Keys = {
  disponiveis: (clienteId: number) => ['clientes', clienteId, 'recomendacoes-disponiveis'] as const,
  status: (clienteId: number, side: OrderSide, groupId: string) =>
    ['clientes', clienteId, 'mt5', side, groupId] as const,
};

export const recomendacoesDisponiveisOptions = (clienteId: number) =>
  queryOptions({
    queryKey: mt5Keys.disponiveis(clienteId),
    queryFn: async () => {
      const { data } = await api.get(`clientes/${clienteId}/recomendacoes-disponiveis/`);
      return z.array(RecomendacaoDisponivelSchema).parse(data);
    },
  });

const isDone = (status: OrderStatus | undefined) =>
  Boolean(status?.executed_all || status?.finished);

/** The order status, polled every 3 s until the group is executed or finished with an error. */
export const orderStatusOptions = (clienteId: number, side: OrderSide, groupId: string | null) =>
  queryOptions({
    queryKey: mt5Keys.status(clienteId, side, groupId ?? ''),
    queryFn: async () => {
      const { data } = await api.get(`clientes/${clienteId}/mt5/${side}-status/${groupId}/`);
      return OrderStatusSchema.parse(data);
    },
    enabled: groupId !== null,
    refetchInterval: (query) => (isDone(query.state.data) ? false : ORDER_POLL_MS),
    // A failed poll is logged and polling goes on (specification section 8).
    retry: false,
    staleTime: 0,
  });

export function useValidarCompra(clienteId: number) {
  return useMutation({
    mutationFn: async (body: CompraValidarRequest) => {
      const { data } = await api.post(`clientes/${clienteId}/mt5/compra/validar/`, body);
      return BuyValidationResultSchema.parse(data);
    },
  });
}

/** Each confirmed intent carries its own Idempotency-Key: a retried or double-clicked submit is one order. */
export function useEnviarCompra(clienteId: number) {
  return useMutation({
    mutationFn: async ({ body, key }: { body: CompraRequest; key: string }) => {
      const { data } = await api.post(`clientes/${clienteId}/mt5/compra/`, body, {
        headers: { 'Idempotency-Key': key },
      });
      return GroupIdResponseSchema.parse(data).group_id;
    },
  });
}

export function useEnviarVenda(clienteId: number) {
  return useMutation({
    mutationFn: async ({
      operacaoId,
      body,
      key,
    }: {
      operacaoId: number;
      body: VendaRequest;
      key: string;
    }) => {
      const { data } = await api.post(`clientes/${clienteId}/mt5/venda/${operacaoId}/`, body, {
        headers: { 'Idempotency-Key': key },
      });
      return GroupIdResponseSchema.parse(data).group_id;
    },
  });
}
