import { Alert, Button, Dialog, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { OperacaoInputSchema, type Operacao } from '../../../contract';
import { acoesQueries } from '../../api/acoes';
import { useSaveOperacao } from '../../api/operacoes';
import { TargetDialog } from '../../components/TargetDialog';
import { setApiFieldErrors } from '../../lib/form-errors';

const text = z.string();

/** The form's text fields become the contract's body: empty numeric and date values are sent as null. */
function formSchema(clienteId: number) {
  const numeric = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));
  return z
    .object({
      acao: text,
      data_compra: text,
      preco_unitario: text,
      quantidade: text,
      valor_alvo: text,
      data_venda: text,
      preco_venda_unitario: text,
    })
    .transform((v, ctx) => {
      const body = OperacaoInputSchema.safeParse({
        cliente: clienteId,
        // An empty choice is 0, which the contract refuses with 'Selecione a ação.'.
        acao: Number(v.acao),
        data_compra: v.data_compra || null,
        preco_unitario: numeric(v.preco_unitario),
        quantidade: numeric(v.quantidade),
        valor_alvo: numeric(v.valor_alvo),
        data_venda: v.data_venda || null,
        preco_venda_unitario: numeric(v.preco_venda_unitario),
      });
      if (body.success) return body.data;
      for (const issue of body.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    });
}

type FormValues = z.input<ReturnType<typeof formSchema>>;
type FieldName = keyof FormValues;

const asText = (v: number | string | null) => (v === null ? '' : String(v));
function initialValues(op: Operacao | null): FormValues {
  return {
    acao: op ? String(op.acao) : '',
    data_compra: op?.data_compra ?? '',
    preco_unitario: asText(op?.preco_unitario ?? null),
    quantidade: asText(op?.quantidade ?? null),
    valor_alvo: asText(op?.valor_alvo ?? null),
    data_venda: op?.data_venda ?? '',
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
  type?: string;
  step?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} {...props} />
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
  const schema = useMemo(() => formSchema(clienteId), [clienteId]);
  const { register, handleSubmit, setError, formState } = useForm<
    FormValues,
    unknown,
    z.output<typeof schema>
  >({ resolver: zodResolver(schema), defaultValues: initialValues(operacao) });
  const acoes = useQuery(acoesQueries.list());
  const save = useSaveOperacao();

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: operacao?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => setApiFieldErrors(error, FIELD_NAMES, setError),
      },
    ),
  );
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
            <TextField
              label="Data Compra"
              type="date"
              input={register('data_compra')}
              error={fieldError('data_compra')}
            />
            <TextField
              label="Preço Unitário"
              type="number"
              step="0.01"
              inputMode="decimal"
              input={register('preco_unitario')}
              error={fieldError('preco_unitario')}
            />
            <TextField
              label="Quantidade"
              type="number"
              step="1"
              inputMode="numeric"
              input={register('quantidade')}
              error={fieldError('quantidade')}
            />
            <TextField
              label="Valor Alvo"
              type="number"
              step="0.01"
              inputMode="decimal"
              input={register('valor_alvo')}
              error={fieldError('valor_alvo')}
            />
            <TextField
              label="Data Venda"
              type="date"
              input={register('data_venda')}
              error={fieldError('data_venda')}
            />
            <TextField
              label="Preço Venda"
              type="number"
              step="0.01"
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
    </Dialog.Content>
  );
}
