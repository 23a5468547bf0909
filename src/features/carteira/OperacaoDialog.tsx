import { Alert, Box, Button, Dialog, Field, SimpleGrid } from '@chakra-ui/react';
import { useController, useForm, type Control } from 'react-hook-form';
import type { Operacao, OperacaoInput } from '../../../contract';
import { useSaveOperacao } from '../../api/operacoes';
import { DateInput } from '../../components/DateInput';
import { AcaoSelect, DecimalField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { mensagemDoErro } from '../../lib/api-error';
import { setApiFieldErrors } from '../../lib/form-errors';
import {
  CAMPOS_DA_OPERACAO,
  paraCorpo,
  valoresIniciais,
  type OperacaoFormValues,
} from './operacao-form';

function DateField({
  label,
  name,
  control,
}: {
  label: string;
  name: 'data_compra' | 'data_venda';
  control: Control<OperacaoFormValues>;
}) {
  // The ref apart: the hooks' lint reads any object holding one as a ref itself.
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  return (
    <Field.Root invalid={Boolean(fieldState.error)}>
      <Field.Label>{label}</Field.Label>
      <DateInput
        name={field.name}
        ref={ref}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
      <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

interface Props {
  clienteId: number;
  /** null: closed; 'new': Nova Operação; an operation: Editar Operação. */
  target: Operacao | 'new' | null;
  onClose: () => void;
}

/** Nova Operação / Editar Operação: a manual operation, open or (with a sale date and price) realised. */
export function OperacaoDialog({ clienteId, target, onClose }: Props) {
  return (
    <TargetDialog
      target={target}
      targetKey={(t) => (t === 'new' ? 'new' : t.id)}
      onClose={onClose}
      size="lg"
    >
      {(t) => (
        <OperacaoForm clienteId={clienteId} operacao={t === 'new' ? null : t} onClose={onClose} />
      )}
    </TargetDialog>
  );
}

/** The text typed in a field of the submitted form (what the server is sent when it is not a number). */
const textoDoCampo = (form: EventTarget | null | undefined) => (campo: string) =>
  form instanceof HTMLFormElement ? String(new FormData(form).get(campo) ?? '') : '';

function OperacaoForm({
  clienteId,
  operacao,
  onClose,
}: {
  clienteId: number;
  operacao: Operacao | null;
  onClose: () => void;
}) {
  const { control, handleSubmit, setError, clearErrors } = useForm<OperacaoFormValues>({
    defaultValues: valoresIniciais(operacao),
  });
  const save = useSaveOperacao();
  // Said once: what the server said of a field is under it, the rest here (issue 34).
  const erro = mensagemDoErro(save.error, CAMPOS_DA_OPERACAO);

  const onSubmit = handleSubmit((values, event) => {
    clearErrors();
    const body = paraCorpo(clienteId, values, textoDoCampo(event?.target));
    save.mutate(
      // Whatever was typed goes to the server, which answers each field's problem (shown under it).
      { id: operacao?.id ?? null, body: body as OperacaoInput },
      {
        onSuccess: onClose,
        onError: (error) => setApiFieldErrors(error, CAMPOS_DA_OPERACAO, setError),
      },
    );
  });

  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{operacao ? 'Editar Operação' : 'Nova Operação'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Box gridColumn={{ sm: 'span 2' }}>
              <AcaoSelect control={control} name="acao" placeholder="Selecione a ação" />
            </Box>
            <DateField label="Data Compra" name="data_compra" control={control} />
            <DecimalField control={control} name="preco_unitario" label="Preço Unitário" />
            <DecimalField
              control={control}
              name="quantidade"
              label="Quantidade"
              inputMode="numeric"
            />
            <DecimalField control={control} name="custos_compra" label="Custos da compra (R$)" />
            <DecimalField control={control} name="valor_alvo" label="Valor Alvo" />
            <DecimalField control={control} name="valor_stop" label="Valor Stop" />
            <DateField label="Data Venda" name="data_venda" control={control} />
            <DecimalField control={control} name="preco_venda_unitario" label="Preço Venda" />
            <DecimalField control={control} name="custos_venda" label="Custos da venda (R$)" />
          </SimpleGrid>
          {erro && (
            <Alert.Root status="error" mt="4" role="alert">
              <Alert.Indicator />
              <Alert.Title>{erro}</Alert.Title>
            </Alert.Root>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" colorPalette="gray" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {operacao ? 'Salvar' : 'Criar'}
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
