import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useReducer, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  LoteValidarRequestSchema,
  type LoteStatus,
  type LoteValidarRequest,
} from '../../../contract';
import { useValidateLote } from '../../api/lotes';
import { uuid } from '../../lib/uuid';
import { paramsOf } from './compra-params';
import {
  alteradas,
  bloqueio,
  compraLoteReducer,
  loteBody,
  pedidoDasAlteracoes,
  pedidoDeValidacao,
  selecionadosEmVoo,
  valoresIniciais,
} from './compra-lote-state';
import type { Envio } from './EnviarCompraDialog';
import { totaisCompra } from './figures';

/**
 * The buy lote's wiring: the form (the contract's schema), Validar and Validar alterações, the grid's state
 * (./compra-lote-state.ts) and the lote Enviar confirms; the screen only lays them out.
 */
export function useCompraLote(
  inicial: { ticker?: string | undefined; tp?: number | undefined },
  reenvio: LoteStatus | null,
) {
  const form = useForm<LoteValidarRequest>({
    resolver: zodResolver(LoteValidarRequestSchema),
    defaultValues: valoresIniciais(inicial, reenvio),
    shouldUnregister: true,
  });
  const watched = useWatch({ control: form.control });
  const validate = useValidateLote();
  const [validado, dispatch] = useReducer(compraLoteReducer, null);
  // The lote's intent (src/lib/idempotency.ts): its key follows what is sent, ticks and quantities included.
  const [intent] = useState(uuid);
  const [envio, setEnvio] = useState<Envio | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const onError = (err: Error) => setErro(err.message);

  const onValidate = form.handleSubmit((values) => {
    setErro(null);
    const params = paramsOf(values);
    validate.mutate(pedidoDeValidacao(params, reenvio), {
      onSuccess: (result) => dispatch({ type: 'validated', params, itens: result.itens }),
      onError,
    });
  });
  const onValidarAlteracoes = () => {
    if (!validado) return;
    setErro(null);
    validate.mutate(pedidoDasAlteracoes(validado), {
      onSuccess: (result) => dispatch({ type: 'revalidated', itens: result.itens }),
      onError,
    });
  };
  const onSelect = useCallback(
    (clientes: number[], selecionado: boolean) =>
      dispatch({ type: 'selected', clientes, selecionado }),
    [],
  );
  const onQuantidade = useCallback(
    (cliente: number, quantidade: number) => dispatch({ type: 'typed', cliente, quantidade }),
    [],
  );

  const totais = validado ? totaisCompra(validado.linhas) : null;
  const onEnviar = () => {
    if (!validado || !totais) return;
    setEnvio({ intent, totais, emVoo: selecionadosEmVoo(validado), body: loteBody(validado) });
  };

  return {
    form,
    validado,
    totais,
    alteradas: alteradas(validado).length,
    bloqueio: bloqueio(validado, watched),
    busy: validate.isPending,
    erro,
    envio,
    onValidate,
    onValidarAlteracoes,
    onSelect,
    onQuantidade,
    onEnviar,
    onCloseEnvio: () => setEnvio(null),
  };
}
