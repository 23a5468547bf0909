import { Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { VendaRequestSchema, type Operacao, type VendaRequest } from '../../../../contract';
import { formatInteger } from '../../../../shared/format';
import { parseDecimal } from '../../../../shared/numbers';
import { useSendVenda } from '../../../api/ordens';
import { TargetDialog } from '../../../components/TargetDialog';
import { EXECUCAO_OPTIONS, FormField, RadioField } from '../../../components/FormFields';
import { OrdemDialogContent } from './OrdemDialog';
import { useOrdemFlow } from './useOrdemFlow';

type Target = Pick<Operacao, 'id' | 'acao_nome' | 'quantidade'>;

interface Props {
  clienteId: number;
  /** The open operation to sell; null closes the dialog. */
  operacao: Target | null;
  onClose: () => void;
  /** Called once the sale is executed (what it changed has been marked stale): the page closes the dialog. */
  onExecuted: () => void;
}

/** 'Vender {ação}': sells the operation's whole quantity. */
export function VendaDialog({ clienteId, operacao, onClose, onExecuted }: Props) {
  return (
    <TargetDialog
      target={operacao}
      targetKey={(op) => op.id}
      onClose={onClose}
      scrollBehavior="inside"
    >
      {(op) => (
        <VendaForm clienteId={clienteId} operacao={op} onClose={onClose} onExecuted={onExecuted} />
      )}
    </TargetDialog>
  );
}

function VendaForm({ clienteId, operacao, onClose, onExecuted }: Props & { operacao: Target }) {
  const { register, control, handleSubmit, formState } = useForm<VendaRequest>({
    resolver: zodResolver(VendaRequestSchema),
    defaultValues: { execucao: 'mercado' },
    shouldUnregister: true,
  });
  const execucao = useWatch({ control, name: 'execucao' });
  const flow = useOrdemFlow(clienteId, 'venda', useSendVenda(clienteId), onExecuted);
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
    <OrdemDialogContent
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
    </OrdemDialogContent>
  );
}
