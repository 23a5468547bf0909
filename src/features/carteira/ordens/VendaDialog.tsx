import { Alert, Checkbox, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { VendaRequestSchema, type Operacao, type VendaRequest } from '../../../../contract';
import { formatInteger } from '../../../../shared/format';
import { baseSymbol } from '../../../../shared/legs';
import { parseDecimal } from '../../../../shared/numbers';
import { conciliacaoQueries } from '../../../api/conciliacao';
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

/**
 * What the client's terminal holds of the stock, when it answered (its reconciliation): a sale above it would
 * sell shares the account does not have. Undefined while unknown.
 */
function useNoTerminal(clienteId: number, ticker: string): number | undefined {
  const conciliacao = useQuery(conciliacaoQueries.detail(clienteId));
  const data = conciliacao.data;
  if (!data || data.terminal_status !== 'online') return undefined;
  return data.linhas.find((l) => l.acao === baseSymbol(ticker))?.terminal ?? 0;
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
  const noTerminal = useNoTerminal(clienteId, operacao.acao_nome);
  const acimaDoTerminal = noTerminal !== undefined && (operacao.quantidade ?? 0) > noTerminal;
  const [confirmado, setConfirmado] = useState(false);

  const onConfirm = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit(
        (values) =>
          send({
            operacaoId: operacao.id,
            body: {
              execucao: values.execucao,
              ...(values.execucao === 'limite' ? { preco: values.preco } : {}),
              ...(acimaDoTerminal && confirmado ? { confirmar_acima_do_terminal: true } : {}),
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
      clienteId={clienteId}
      limite={execucao === 'limite'}
      flow={flow}
    >
      <Text>Quantidade: {formatInteger(operacao.quantidade)}</Text>
      {acimaDoTerminal && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>
              O terminal do cliente tem {formatInteger(noTerminal)}{' '}
              {noTerminal === 1 ? 'ação' : 'ações'} de {baseSymbol(operacao.acao_nome)}; a venda é
              de {formatInteger(operacao.quantidade)}.
            </Alert.Title>
            <Alert.Description>
              Confira a posição na Conciliação (Painel de Controle). Vender acima da posição do
              terminal pode vender ações que a conta não tem.
            </Alert.Description>
            <Checkbox.Root
              checked={confirmado}
              onCheckedChange={(e) => {
                setConfirmado(e.checked === true);
                flow.newIntent();
              }}
              disabled={sending}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Vender assim mesmo, acima da posição do terminal</Checkbox.Label>
            </Checkbox.Root>
          </Alert.Content>
        </Alert.Root>
      )}
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
