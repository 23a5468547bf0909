import { Alert, Button, Dialog, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import type { Operacao, OperacaoInput } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { parseDecimal } from '../../../shared/numbers';
import { acoesQueries } from '../../api/acoes';
import { useSaveOperacao } from '../../api/operacoes';
import { DateInput } from '../../components/DateInput';
import { decimalText } from '../../components/DecimalInput';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { setApiFieldErrors } from '../../lib/form-errors';

interface FormValues {
  acao: string;
  data_compra: string;
  preco_unitario: string;
  quantidade: string;
  valor_alvo: string;
  data_venda: string;
  preco_venda_unitario: string;
}
type FieldName = keyof FormValues;

/** What the server must judge: a value not read is sent as typed (or null when blank), and it says what is wrong. */
type Digitado<T> = { [K in keyof T]: T[K] | string | null };

/**
 * The form's text as the contract's body, with no checks of its own (specification section 5: empty numeric and
 * date values are sent as null; no required-field checks): pt-BR numbers and dd/mm/aaaa dates are read, the rest
 * is the server's to accept or refuse, field by field.
 */
function toBody(clienteId: number, v: FormValues): Digitado<OperacaoInput> {
  // dd/mm/aaaa as the server's aaaa-mm-dd; what is not a date in that form goes as typed.
  const data = (text: string) => (text.trim() === '' ? null : (isoFromBr(text) ?? text.trim()));
  const numero = (text: string) => {
    const n = parseDecimal(text);
    return n === undefined ? null : Number.isNaN(n) ? text.trim() : n;
  };
  return {
    cliente: clienteId,
    acao: v.acao === '' ? null : Number(v.acao),
    data_compra: data(v.data_compra),
    preco_unitario: numero(v.preco_unitario),
    quantidade: numero(v.quantidade),
    valor_alvo: numero(v.valor_alvo),
    data_venda: data(v.data_venda),
    preco_venda_unitario: numero(v.preco_venda_unitario),
  };
}

const asText = (v: number | null) => (v === null ? '' : decimalText(v));
function initialValues(op: Operacao | null): FormValues {
  return {
    acao: op ? String(op.acao) : '',
    data_compra: op?.data_compra ? formatDate(op.data_compra) : '',
    preco_unitario: asText(op?.preco_unitario ?? null),
    quantidade: asText(op?.quantidade ?? null),
    valor_alvo: asText(op?.valor_alvo ?? null),
    data_venda: op?.data_venda ? formatDate(op.data_venda) : '',
    preco_venda_unitario: asText(op?.preco_venda_unitario ?? null),
  };
}
const FIELD_NAMES = Object.keys(initialValues(null)) as FieldName[];

function TextField({
  label,
  error,
  input,
  ...props
}: {
  label: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} {...props} autoComplete="off" />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function DateField({
  label,
  name,
  control,
  error,
}: {
  label: string;
  name: 'data_compra' | 'data_venda';
  control: Control<FormValues>;
  error: string | undefined;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateInput
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
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

function OperacaoForm({
  clienteId,
  operacao,
  onClose,
}: {
  clienteId: number;
  operacao: Operacao | null;
  onClose: () => void;
}) {
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<FormValues>(
    {
      defaultValues: initialValues(operacao),
    },
  );
  const acoes = useQuery(acoesQueries.list());
  const save = useSaveOperacao();

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    save.mutate(
      // Whatever was typed goes to the server, which answers each field's problem (shown under it).
      { id: operacao?.id ?? null, body: toBody(clienteId, values) as OperacaoInput },
      {
        onSuccess: onClose,
        onError: (error) => setApiFieldErrors(error, FIELD_NAMES, setError),
      },
    );
  });
  const fieldError = (name: FieldName) => formState.errors[name]?.message;

  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{operacao ? 'Editar Operação' : 'Nova Operação'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!fieldError('acao')} gridColumn={{ sm: 'span 2' }}>
              <Field.Label>Ação</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('acao')} placeholder="Selecione a ação">
                  {(acoes.data ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.empresa ? `${a.ticker} — ${a.empresa}` : a.ticker}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{fieldError('acao')}</Field.ErrorText>
            </Field.Root>
            <DateField
              label="Data Compra"
              name="data_compra"
              control={control}
              error={fieldError('data_compra')}
            />
            <TextField
              label="Preço Unitário"
              inputMode="decimal"
              input={register('preco_unitario')}
              error={fieldError('preco_unitario')}
            />
            <TextField
              label="Quantidade"
              inputMode="numeric"
              input={register('quantidade')}
              error={fieldError('quantidade')}
            />
            <TextField
              label="Valor Alvo"
              inputMode="decimal"
              input={register('valor_alvo')}
              error={fieldError('valor_alvo')}
            />
            <DateField
              label="Data Venda"
              name="data_venda"
              control={control}
              error={fieldError('data_venda')}
            />
            <TextField
              label="Preço Venda"
              inputMode="decimal"
              input={register('preco_venda_unitario')}
              error={fieldError('preco_venda_unitario')}
            />
          </SimpleGrid>
          {save.error && (
            <Alert.Root status="error" mt="4" role="alert">
              <Alert.Indicator />
              <Alert.Title>{save.error.message}</Alert.Title>
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
