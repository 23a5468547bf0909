import {
  Alert,
  Button,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { OperacaoInputSchema, type Operacao } from '../../../contract';
import { ApiRequestError } from '../../lib/api';
import { useAcoes, useSalvarOperacao } from './api';

const texto = z.string();

/** The form's text fields become the contract's body: empty numeric and date values are sent as null. */
function formSchema(clienteId: number) {
  const numero = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));
  return z
    .object({
      acao: texto,
      data_compra: texto,
      preco_unitario: texto,
      quantidade: texto,
      valor_alvo: texto,
      data_venda: texto,
      preco_venda_unitario: texto,
    })
    .transform((v, ctx) => {
      const body = OperacaoInputSchema.safeParse({
        cliente: clienteId,
        // An empty choice is 0, which the contract refuses with 'Selecione a ação.'.
        acao: Number(v.acao),
        data_compra: v.data_compra || null,
        preco_unitario: numero(v.preco_unitario),
        quantidade: numero(v.quantidade),
        valor_alvo: numero(v.valor_alvo),
        data_venda: v.data_venda || null,
        preco_venda_unitario: numero(v.preco_venda_unitario),
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

const texto_ = (v: number | string | null) => (v === null ? '' : String(v));
function valoresIniciais(op: Operacao | null): FormValues {
  return {
    acao: op ? String(op.acao) : '',
    data_compra: op?.data_compra ?? '',
    preco_unitario: texto_(op?.preco_unitario ?? null),
    quantidade: texto_(op?.quantidade ?? null),
    valor_alvo: texto_(op?.valor_alvo ?? null),
    data_venda: op?.data_venda ?? '',
    preco_venda_unitario: texto_(op?.preco_venda_unitario ?? null),
  };
}

function Campo({
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
  open: boolean;
  /** The operation being edited; null for a new one. */
  operacao: Operacao | null;
  onClose: () => void;
}

/** Nova Operação / Editar Operação: a manual operation, open or (with a sale date and price) realised. */
export function OperacaoDialog({ clienteId, open, operacao, onClose }: Props) {
  const schema = useMemo(() => formSchema(clienteId), [clienteId]);
  const { register, handleSubmit, reset, setError, formState } = useForm<
    FormValues,
    unknown,
    z.output<typeof schema>
  >({ resolver: zodResolver(schema), defaultValues: valoresIniciais(operacao) });
  const acoes = useAcoes();
  const salvar = useSalvarOperacao(clienteId);

  useEffect(() => {
    if (open) {
      reset(valoresIniciais(operacao));
      salvar.reset();
    }
    // Only when the dialog opens or switches operation; `salvar` changes identity every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, operacao, reset]);

  const onSubmit = handleSubmit((body) =>
    salvar.mutate(
      { id: operacao?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!(error instanceof ApiRequestError) || !error.campos) return;
          for (const [campo, message] of Object.entries(error.campos)) {
            if (campo in valoresIniciais(null)) setError(campo as FieldName, { message });
          }
        },
      },
    ),
  );
  const erro = (name: FieldName) => formState.errors[name]?.message;
  const falha = salvar.error;

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{operacao ? 'Editar Operação' : 'Nova Operação'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <Field.Root invalid={!!erro('acao')} gridColumn={{ sm: 'span 2' }}>
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
                    <Field.ErrorText>{erro('acao')}</Field.ErrorText>
                  </Field.Root>
                  <Campo
                    label="Data Compra"
                    type="date"
                    input={register('data_compra')}
                    error={erro('data_compra')}
                  />
                  <Campo
                    label="Preço Unitário"
                    type="number"
                    step="0.01"
                    inputMode="decimal"
                    input={register('preco_unitario')}
                    error={erro('preco_unitario')}
                  />
                  <Campo
                    label="Quantidade"
                    type="number"
                    step="1"
                    inputMode="numeric"
                    input={register('quantidade')}
                    error={erro('quantidade')}
                  />
                  <Campo
                    label="Valor Alvo"
                    type="number"
                    step="0.01"
                    inputMode="decimal"
                    input={register('valor_alvo')}
                    error={erro('valor_alvo')}
                  />
                  <Campo
                    label="Data Venda"
                    type="date"
                    input={register('data_venda')}
                    error={erro('data_venda')}
                  />
                  <Campo
                    label="Preço Venda"
                    type="number"
                    step="0.01"
                    inputMode="decimal"
                    input={register('preco_venda_unitario')}
                    error={erro('preco_venda_unitario')}
                  />
                </SimpleGrid>
                {falha && (
                  <Alert.Root status="error" mt="4" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{falha.message}</Alert.Title>
                  </Alert.Root>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" colorPalette="gray" onClick={onClose}>
                  Cancelar
                </Button>
                <Button type="submit" loading={salvar.isPending}>
                  {operacao ? 'Salvar' : 'Criar'}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
