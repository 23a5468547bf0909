import { Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { VendaRequestSchema, type VendaRequest } from '../../../../contract';
import { formatInteger } from '../../../../shared/format';
import { parseDecimal } from '../../../../shared/numbers';
import { useEnviarVenda } from './api';
import { EXECUCAO_OPTIONS, FormField, RadioField } from './fields';
import { OrderDialog } from './OrderDialog';
import { useOrderFlow } from './useOrderFlow';

interface Props {
  clienteId: number;
  operacao: { id: number; acao_nome: string; quantidade: number | null };
  open: boolean;
  onClose: () => void;
  /** Called once the sale is executed: the page reloads operations and summary and closes the dialog. */
  onExecuted: () => void;
}

/** 'Vender {ação}': sells the operation's whole quantity. Mount it only while open. */
export function SellDialog({ clienteId, operacao, open, onClose, onExecuted }: Props) {
  const { register, control, handleSubmit, formState } = useForm<VendaRequest>({
    resolver: zodResolver(VendaRequestSchema),
    defaultValues: { execucao: 'mercado' },
    shouldUnregister: true,
  });
  const execucao = useWatch({ control, name: 'execucao' });
  const flow = useOrderFlow(clienteId, 'venda', useEnviarVenda(clienteId), onExecuted);
  const { sending } = flow;

  const onConfirm = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit(
        (values) =>
          send({
            operacaoId: operacao.id,
            body: {
              execucao: values.execucao,
              ...(values.execucao === 'limite' ? { preco: values.preco } : {}),
            },
          }),
        onInvalid,
      )(),
    );

  return (
    <OrderDialog
      open={open}
      title={`Vender ${operacao.acao_nome}`}
      onClose={onClose}
      submitLabel="Confirmar Venda"
      onSubmit={onConfirm}
      flow={flow}
    >
      <Text>Quantidade: {formatInteger(operacao.quantidade)}</Text>
      <Controller
        control={control}
        name="execucao"
        render={({ field }) => (
          <RadioField
            label="Execução"
            value={field.value}
            options={EXECUCAO_OPTIONS}
            onChange={field.onChange}
            disabled={sending}
          />
        )}
      />
      {execucao === 'limite' && (
        <FormField label="Preço limite" error={formState.errors.preco?.message}>
          <Input
            {...register('preco', { setValueAs: parseDecimal })}
            inputMode="decimal"
            disabled={sending}
          />
        </FormField>
      )}
    </OrderDialog>
  );
}
