import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CompraValidarRequestSchema,
  TICKER_B3,
  valorDaOrdem,
  type CompraValidarRequest,
  type RecomendacaoDisponivel,
} from '../../../../contract';
import { carteiraQueries } from '../../../api/carteira';
import { cotacoesQueries } from '../../../api/cotacoes';
import { useSendCompra, useValidateCompra } from '../../../api/ordens';
import { followStopDaCompra } from '../../../api/stop-da-compra';
import { mensagemDoErro } from '../../../lib/api-error';
import { setApiFieldErrors } from '../../../lib/form-errors';
import {
  compraBody,
  compraInicial,
  compraReducer,
  estimativaDaCompra,
  pedidoDeValidacao,
  situacaoDaCompra,
  somaDasPernas,
  toTick,
  type Valores,
} from './compra-state';
import { useOrdemFlow } from './useOrdemFlow';

/** The buy form: the order's fields, and the stop the operation it creates will carry (issue 31). */
const CompraFormSchema = CompraValidarRequestSchema.safeExtend({
  valor_stop: valorDaOrdem('o stop').optional(),
});
export type CompraFormValues = CompraValidarRequest & { valor_stop?: number | undefined };

/** The fields of the form Validar's answer may speak of. */
const CAMPOS_DA_VALIDACAO = [
  'ticker',
  'execucao',
  'preco',
  'modo',
  'quantidade',
  'valor',
  'tp',
] as const;

/**
 * The buy dialog's wiring: the form (the contract's schema), its state (./compra-state.ts), today's quote and the
 * client's money for the estimate, Validar, and the order's flow; the dialog only lays them out.
 */
export function useCompraForm(clienteId: number, onExecuted: () => void) {
  const form = useForm<CompraFormValues>({
    resolver: zodResolver(CompraFormSchema),
    defaultValues: { ticker: '', execucao: 'mercado', modo: 'quantidade' },
    shouldUnregister: true,
  });
  const { control, handleSubmit, setValue, getValues } = form;
  const values = useWatch({ control }) as Valores;
  const [state, dispatch] = useReducer(compraReducer, compraInicial);
  const validate = useValidateCompra(clienteId);
  const flow = useOrdemFlow(clienteId, 'compra', useSendCompra(clienteId), onExecuted);

  const ticker = values.ticker?.trim().toUpperCase() ?? '';
  const cotacao = useQuery({
    ...cotacoesQueries.atuais([`${ticker}.SA`]),
    enabled: TICKER_B3.test(ticker),
  });
  const resumo = useQuery(carteiraQueries.resumo(clienteId));
  const situacao = situacaoDaCompra(state, values);

  const pick = (rec: RecomendacaoDisponivel) => {
    dispatch({ type: 'picked', rec });
    setValue('ticker', rec.ticker, { shouldValidate: true });
    setValue('tp', toTick(rec.alvo_sugerido), { shouldValidate: true });
  };

  const onValidate = handleSubmit(() => {
    flow.setError(null);
    const pedido = pedidoDeValidacao(getValues());
    validate.mutate(pedido as CompraValidarRequest, {
      onSuccess: (result) => dispatch({ type: 'validated', pedido, result }),
      // The server's word on a field goes under it, the rest above the buttons: each said once (issue 34).
      onError: (err) => {
        setApiFieldErrors(err, CAMPOS_DA_VALIDACAO, form.setError);
        flow.setError(mensagemDoErro(err, CAMPOS_DA_VALIDACAO));
      },
    });
  });

  // An edited leg changes the order's quantity: the form follows (in quantity mode), to be validated again.
  const editLeg = (index: number, quantidade: number) => {
    const action = { type: 'legEdited', index, quantidade } as const;
    const soma = somaDasPernas(compraReducer(state, action).legs);
    dispatch(action);
    setValue('modo', 'quantidade');
    setValue('quantidade', Number.isFinite(soma) ? soma : Number.NaN);
  };

  // The stop goes on the operation the order creates, once it has ended (src/api/stop-da-compra.ts).
  const stop = useRef<number | undefined>(undefined);
  const queryClient = useQueryClient();
  const { groupId } = flow;
  useEffect(() => {
    if (groupId && stop.current !== undefined)
      followStopDaCompra(queryClient, { groupId, cliente: clienteId }, stop.current);
  }, [queryClient, groupId, clienteId]);

  const onSend = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit((v) => {
        stop.current = v.valor_stop;
        send(compraBody(v, state, situacao));
      }, onInvalid)(),
    );

  return {
    form,
    values,
    state,
    situacao,
    estimativa: estimativaDaCompra(state, values, cotacao.data?.[`${ticker}.SA`]?.preco_atual),
    disponivel: resumo.data?.valor_disponivel ?? null,
    validating: validate.isPending,
    flow,
    pick,
    onValidate,
    editLeg,
    onConfirmEmVoo: (confirmado: boolean) => dispatch({ type: 'confirmed', confirmado }),
    onSend,
  };
}
