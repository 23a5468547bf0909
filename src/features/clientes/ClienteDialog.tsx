import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Field,
  Input,
  NativeSelect,
  SimpleGrid,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useController,
  useForm,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import {
  ClienteInputSchema,
  EMAIL_BLOQUEIA_SALVAR,
  type Cliente,
  type ClienteInput,
  type ClienteInputValues,
} from '../../../contract';
import { useSaveCliente } from '../../api/clientes';
import { invalidateModelosSeguidos, modelosQueries } from '../../api/modelos';
import { DecimalField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { ApiRequestError } from '../../lib/api';
import { setApiFieldErrors } from '../../lib/form-errors';

type FieldName = keyof ClienteInputValues;

const FIELDS: Array<{
  name: FieldName;
  label: string;
  type?: string;
  inputMode?: 'email' | 'tel';
}> = [
  { name: 'nome', label: 'Nome' },
  { name: 'email', label: 'Email', type: 'email', inputMode: 'email' },
  { name: 'documento', label: 'Documento (CPF/CNPJ)' },
  { name: 'telefone', label: 'Telefone', type: 'tel', inputMode: 'tel' },
  { name: 'codigo_xp', label: 'Código XP' },
  { name: 'percentual_patrimonio', label: '% Patrimônio' },
  { name: 'vm', label: 'VM Nome' },
  { name: 'vm_ip', label: 'VM IP' },
  { name: 'vm_private_ip', label: 'VM IP Privado' },
];

const FIELD_NAMES: FieldName[] = [...FIELDS.map((f) => f.name), 'mt5_token', 'modelo'];

const toValues = (c: Cliente | null): ClienteInputValues => ({
  nome: c?.nome ?? '',
  email: c?.email ?? '',
  documento: c?.documento ?? '',
  telefone: c?.telefone ?? '',
  codigo_xp: c?.codigo_xp ?? '',
  percentual_patrimonio: c ? c.percentual_patrimonio : undefined,
  vm: c?.vm ?? '',
  vm_ip: c?.vm_ip ?? '',
  vm_private_ip: c?.vm_private_ip ?? '',
  // Never shown: blank keeps the stored token.
  mt5_token: '',
  // Unchanged, not sent (the stored one is kept); Nenhum sends null.
  modelo: c?.modelo ?? undefined,
});

export interface ClienteDialogProps {
  /** null: closed; 'new': Novo Cliente; a client: Editar Cliente. */
  target: Cliente | 'new' | null;
  onClose: () => void;
}

export function ClienteDialog({ target, onClose }: ClienteDialogProps) {
  return (
    <TargetDialog
      target={target}
      targetKey={(t) => (t === 'new' ? 'new' : t.id)}
      onClose={onClose}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      {(t) => <ClienteForm cliente={t === 'new' ? null : t} onClose={onClose} />}
    </TargetDialog>
  );
}

type Register = UseFormRegister<ClienteInputValues>;

/** The client's fields, each with the form's (or the server's) message under it. */
function Campos({
  register,
  errors,
  control,
}: {
  register: Register;
  errors: FieldErrors<ClienteInputValues>;
  control: Control<ClienteInputValues>;
}) {
  return (
    <>
      {FIELDS.map((f) =>
        f.name === 'percentual_patrimonio' ? (
          // The SPA's one decimal field: '7,25' is 7.25 whatever the browser's language (issue 34, rough edge 6).
          <DecimalField key={f.name} control={control} name={f.name} label={f.label} />
        ) : (
          <Field.Root
            key={f.name}
            invalid={!!errors[f.name]}
            gridColumn={f.name === 'nome' ? { md: 'span 2' } : undefined}
          >
            <Field.Label>{f.label}</Field.Label>
            <Input
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              autoComplete="off"
              {...register(f.name)}
            />
            <Field.ErrorText>{errors[f.name]?.message}</Field.ErrorText>
          </Field.Root>
        ),
      )}
    </>
  );
}

/** The model portfolio the client follows (issue 33), or none; the list of models loads after the form. */
function ModeloCampo({ control }: { control: Control<ClienteInputValues> }) {
  const modelos = useQuery(modelosQueries.list());
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name: 'modelo' });
  return (
    <Field.Root invalid={!!fieldState.error} gridColumn={{ md: 'span 2' }}>
      <Field.Label>Modelo</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={ref}
          name={field.name}
          value={field.value == null ? '' : String(field.value)}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={field.onBlur}
        >
          <option value="">Nenhum</option>
          {(modelos.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.nome}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** The client's own agent token: written, never shown; kept when blank; removable when there is one. */
function TokenProprio({
  cliente,
  register,
  error,
  remove,
  onRemove,
}: {
  cliente: Cliente | null;
  register: Register;
  error: string | undefined;
  remove: boolean;
  onRemove: (remove: boolean) => void;
}) {
  return (
    <>
      <Field.Root invalid={!!error} gridColumn={{ md: 'span 2' }}>
        <Field.Label>Token do agente MT5 (próprio do cliente)</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          disabled={remove}
          placeholder={cliente?.mt5_token_proprio ? '•••••••• (definido)' : undefined}
          {...register('mt5_token')}
        />
        <Field.HelperText>
          {cliente?.mt5_token_proprio
            ? 'Este cliente tem um token próprio; deixe em branco para mantê-lo.'
            : 'Em branco, o servidor usa o token comum dos agentes.'}
        </Field.HelperText>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {cliente?.mt5_token_proprio && (
        <Checkbox.Root
          checked={remove}
          onCheckedChange={(e) => onRemove(e.checked === true)}
          gridColumn={{ md: 'span 2' }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Remover o token próprio (usar o token comum)</Checkbox.Label>
        </Checkbox.Root>
      )}
    </>
  );
}

function ClienteForm({ cliente, onClose }: { cliente: Cliente | null; onClose: () => void }) {
  const save = useSaveCliente();
  const queryClient = useQueryClient();
  // Set by a refused save; the alert stays while the email is still invalid.
  const [saveTried, setSaveTried] = useState(false);
  const [removeToken, setRemoveToken] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClienteInputValues, unknown, ClienteInput>({
    resolver: zodResolver(ClienteInputSchema),
    defaultValues: toValues(cliente),
    mode: 'onTouched',
  });

  const onValid = handleSubmit(
    (input) =>
      save.mutate(
        { id: cliente?.id ?? null, input: removeToken ? { ...input, mt5_token: null } : input },
        {
          onSuccess: () => {
            // Who follows which model changed (the models' screen lists them).
            void invalidateModelosSeguidos(queryClient);
            onClose();
          },
          onError: (error) => setApiFieldErrors(error, FIELD_NAMES, setError),
        },
      ),
    () => {
      // Section 5: an invalid email blocks saving with an alert.
      setSaveTried(true);
    },
  );

  const title = cliente ? 'Editar Cliente' : 'Novo Cliente';
  return (
    <Dialog.Content>
      {/* display: contents keeps the dialog's own layout of header, body and footer. */}
      <form onSubmit={onValid} noValidate style={{ display: 'contents' }}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {saveTried && errors.email && (
            <Alert.Root status="error" mb="4" role="alert">
              <Alert.Indicator />
              <Alert.Title>{EMAIL_BLOQUEIA_SALVAR}</Alert.Title>
            </Alert.Root>
          )}
          {save.error && !(save.error instanceof ApiRequestError && save.error.campos) && (
            <Alert.Root status="error" mb="4" role="alert">
              <Alert.Indicator />
              <Alert.Title>{save.error.message}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Campos register={register} errors={errors} control={control} />
            <ModeloCampo control={control} />
            <TokenProprio
              cliente={cliente}
              register={register}
              error={errors.mt5_token?.message}
              remove={removeToken}
              onRemove={setRemoveToken}
            />
          </SimpleGrid>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" colorPalette="gray" type="button">
              Cancelar
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" loading={save.isPending}>
            {cliente ? 'Salvar' : 'Criar'}
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
