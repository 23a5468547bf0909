import { Alert, Box, Button, Dialog, Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useController,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { useState } from 'react';
import type { z } from 'zod';
import { TIPO_EVENTO_NOME, TIPOS_EVENTO, type Evento } from '../../../contract';
import { useSaveEvento } from '../../api/eventos';
import { DateInput } from '../../components/DateInput';
import { AcaoSelect, DecimalField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { setApiFieldErrors } from '../../lib/form-errors';
import {
  isTipoDeAcoes,
  EVENTO_FORM_FIELDS,
  eventoFormSchema,
  valoresIniciais,
  type EventoFormValues,
} from './form';

interface Props {
  /** null: closed; 'new': Novo Evento (for the stock filtered on, if any); an event: Editar Evento. */
  target: Evento | 'new' | null;
  acaoFiltrada?: number;
  onClose: () => void;
}

/** Novo Evento / Editar Evento: a share event takes a factor, a cash event a value per share. */
export function EventoDialog({ target, acaoFiltrada, onClose }: Props) {
  return (
    <TargetDialog target={target} targetKey={(t) => (t === 'new' ? 'new' : t.id)} onClose={onClose}>
      {(t) => (
        <EventoForm evento={t === 'new' ? null : t} acaoFiltrada={acaoFiltrada} onClose={onClose} />
      )}
    </TargetDialog>
  );
}

type EventoControl = Control<EventoFormValues, unknown, z.output<typeof eventoFormSchema>>;

/** A date of the event: the dd/mm/aaaa field every date of the SPA uses (the slashes come by themselves). */
function DataCampo({
  control,
  name,
  label,
  helperText,
}: {
  control: EventoControl;
  name: 'data_ex' | 'data_pagamento';
  label: string;
  helperText: string;
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
      <Field.HelperText>{helperText}</Field.HelperText>
      <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** The event's fields: the stock, the type, the ex date, and the factor or the value per share the type takes. */
function EventoCampos({
  control,
  register,
  errors,
}: {
  control: EventoControl;
  register: UseFormRegister<EventoFormValues>;
  errors: FieldErrors<EventoFormValues>;
}) {
  const tipo = useWatch({ control, name: 'tipo' });
  const erro = (name: (typeof EVENTO_FORM_FIELDS)[number]) => errors[name]?.message;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <Box gridColumn={{ sm: 'span 2' }}>
        <AcaoSelect control={control} name="acao" placeholder="Selecione a ação" />
      </Box>
      <Field.Root invalid={!!erro('tipo')}>
        <Field.Label>Tipo</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('tipo')} placeholder="Selecione o tipo">
            {TIPOS_EVENTO.map((t) => (
              <option key={t} value={t}>
                {TIPO_EVENTO_NOME[t]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{erro('tipo')}</Field.ErrorText>
      </Field.Root>
      <DataCampo
        control={control}
        name="data_ex"
        label="Data ex"
        helperText="Primeiro pregão sem o direito."
      />
      {isTipoDeAcoes(tipo) && (
        <Box gridColumn={{ sm: 'span 2' }}>
          <DecimalField
            control={control}
            name="fator"
            label="Fator"
            helperText="Ações novas por ação antiga: 2 num desdobramento 1:2, 0,1 num grupamento 10:1, 1,1 numa bonificação de 10%."
          />
        </Box>
      )}
      {tipo === 'bonificacao' && (
        <Box gridColumn={{ sm: 'span 2' }}>
          <DecimalField
            control={control}
            name="custo_atribuido"
            label="Custo atribuído por ação nova (R$)"
            helperText="Como a empresa o declara; entra no custo médio das ações novas. Em branco: zero."
          />
        </Box>
      )}
      {(tipo === 'dividendo' || tipo === 'jcp') && (
        <Box gridColumn={{ sm: 'span 2' }}>
          <DecimalField
            control={control}
            name="valor_por_acao"
            label="Valor por ação (R$)"
            helperText="Valor bruto. O JCP é creditado com imposto retido: 15% se pago até 31/12/2025, 17,5% desde 01/01/2026."
          />
        </Box>
      )}
      {(tipo === 'dividendo' || tipo === 'jcp') && (
        <Box gridColumn={{ sm: 'span 2' }}>
          <DataCampo
            control={control}
            name="data_pagamento"
            label="Data de pagamento"
            helperText="Em branco: a data ex. Define a alíquota do JCP."
          />
        </Box>
      )}
    </SimpleGrid>
  );
}

/** The event was saved; its data ex does not match the price history, and the operator reads why. */
function AvisoDataEx({ aviso, onClose }: { aviso: string; onClose: () => void }) {
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>Evento salvo — confira a data ex</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{aviso}</Alert.Title>
        </Alert.Root>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onClose}>Fechar</Button>
      </Dialog.Footer>
    </Dialog.Content>
  );
}

function EventoForm({
  evento,
  acaoFiltrada,
  onClose,
}: {
  evento: Evento | null;
  acaoFiltrada?: number;
  onClose: () => void;
}) {
  const { register, handleSubmit, setError, formState, control } = useForm<
    EventoFormValues,
    unknown,
    z.output<typeof eventoFormSchema>
  >({
    resolver: zodResolver(eventoFormSchema),
    defaultValues: valoresIniciais(evento, acaoFiltrada),
  });
  const save = useSaveEvento();
  // Saved, but its data ex contradicts the price history: said before the dialog closes (issue 34).
  const [aviso, setAviso] = useState<string | null>(null);

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: evento?.id ?? null, body },
      {
        onSuccess: (salvo) => (salvo.aviso_data_ex ? setAviso(salvo.aviso_data_ex) : onClose()),
        onError: (error) => setApiFieldErrors(error, EVENTO_FORM_FIELDS, setError),
      },
    ),
  );
  if (aviso !== null) return <AvisoDataEx aviso={aviso} onClose={onClose} />;
  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{evento ? 'Editar Evento' : 'Novo Evento'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <EventoCampos control={control} register={register} errors={formState.errors} />
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
            {evento ? 'Salvar' : 'Criar'}
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
