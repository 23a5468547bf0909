import { Alert, Button, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { VendaRequestSchema, type VendaRequest } from '../../../contract';
import { formatInteger } from '../../../lib/format';
import { parseDecimal } from '../../../lib/numbers';
import { useEnviarVenda } from './api';
import { EXECUCAO_OPTIONS, FormField, RadioField } from './fields';
import { OrderProgress } from './OrderProgress';
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
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Vender {operacao.acao_nome}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form onSubmit={(e) => e.preventDefault()} noValidate>
                <Stack gap="4">
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
                  {flow.groupId !== null && <OrderProgress status={flow.status} />}
                  {flow.error && (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Title>{flow.error}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button
                onClick={onConfirm}
                disabled={sending}
                loading={sending}
                loadingText="Enviando..."
              >
                Confirmar Venda
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
