import {
  Alert,
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { ModeloInputSchema, type Modelo, type ModeloInput } from '../../../contract';
import { acoesQueries } from '../../api/acoes';
import { useSaveModelo } from '../../api/modelos';
import { AcaoSelect, DecimalField, RadioField, type AcaoOpcao } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { ApiRequestError } from '../../lib/api';
import { setApiFieldErrors } from '../../lib/form-errors';
import {
  camposDoModelo,
  modeloBody,
  somaDe,
  somaTexto,
  valoresDe,
  type ModeloValores,
} from './modelo-form-state';

/** The contract's schema over the body the form makes (its messages under the fields, keyed the same). */
const resolver: Resolver<ModeloValores, unknown, ModeloInput> = (values, context, options) =>
  zodResolver(ModeloInputSchema)(modeloBody(values), context, options as never) as never;

const FAIXAS = [
  { value: 'absoluta', label: 'Absoluta (pontos percentuais)' },
  { value: 'relativa', label: 'Relativa (fração do alvo)' },
] as const;

export interface ModeloDialogProps {
  /** null: closed; 'new': Novo modelo; a model: Editar modelo. */
  target: Modelo | 'new' | null;
  onClose: () => void;
}

export function ModeloDialog({ target, onClose }: ModeloDialogProps) {
  return (
    <TargetDialog
      target={target}
      targetKey={(t) => (t === 'new' ? 'new' : t.id)}
      onClose={onClose}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      {(t) => <ModeloForm modelo={t === 'new' ? null : t} onClose={onClose} />}
    </TargetDialog>
  );
}

/** The running sum under the weights: green when exactly 100, else how far it is; the server's word under it. */
function Soma({ control, erro }: { control: Control<ModeloValores>; erro: string | undefined }) {
  const itens = useWatch({ control, name: 'itens' });
  const caixa = useWatch({ control, name: 'caixa_alvo' });
  const values = { itens: itens ?? [], caixa_alvo: caixa };
  const exata = somaDe(values).exata;
  return (
    <Stack gap="1">
      <Text
        role="status"
        aria-label="Soma dos pesos"
        fontWeight="semibold"
        fontSize="sm"
        color={exata ? 'green.fg' : 'orange.fg'}
      >
        {somaTexto(values)}
      </Text>
      {erro && (
        <Text color="fg.error" fontSize="sm">
          {erro}
        </Text>
      )}
    </Stack>
  );
}

/** The model's stocks and weights, a line each; the universe's tickers (and any the model already has). */
function Pesos({ control }: { control: Control<ModeloValores> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'itens' });
  const acoes = useQuery(acoesQueries.list());
  const itens = useWatch({ control, name: 'itens' });
  const opcoes = useMemo<AcaoOpcao[]>(() => {
    const universo = (acoes.data ?? []).map((a) => a.ticker);
    const doModelo = (itens ?? []).map((i) => i.ticker).filter(Boolean);
    return [...new Set([...universo, ...doModelo])]
      .sort((a, b) => a.localeCompare(b, 'pt-BR'))
      .map((t) => ({ value: t, label: t }));
  }, [acoes.data, itens]);
  return (
    <Stack gap="3" role="group" aria-label="Pesos do modelo">
      {fields.map((f, i) => (
        <HStack key={f.id} align="flex-start" gap="2">
          <Box flex="3">
            <AcaoSelect
              control={control}
              name={`itens.${i}.ticker`}
              label={`Ação ${i + 1}`}
              placeholder="Escolha a ação…"
              opcoes={opcoes}
            />
          </Box>
          <Box flex="2">
            <DecimalField control={control} name={`itens.${i}.peso`} label={`Peso ${i + 1} (%)`} />
          </Box>
          <IconButton
            aria-label={`Remover a ação ${i + 1}`}
            title="Remover"
            variant="ghost"
            colorPalette="gray"
            size="sm"
            mt="7"
            disabled={fields.length === 1}
            onClick={() => remove(i)}
          >
            ×
          </IconButton>
        </HStack>
      ))}
      <Button
        alignSelf="flex-start"
        size="sm"
        variant="outline"
        onClick={() => append({ ticker: '', peso: undefined })}
      >
        Adicionar ação
      </Button>
    </Stack>
  );
}

function ModeloForm({ modelo, onClose }: { modelo: Modelo | null; onClose: () => void }) {
  const save = useSaveModelo();
  const form = useForm<ModeloValores, unknown, ModeloInput>({
    resolver,
    defaultValues: valoresDe(modelo),
    mode: 'onTouched',
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = form;
  const tipo = useWatch({ control, name: 'faixa.tipo' });

  const onValid = handleSubmit((input) =>
    save.mutate(
      { id: modelo?.id ?? null, input },
      {
        onSuccess: onClose,
        onError: (error) =>
          setApiFieldErrors(error, camposDoModelo(getValues()) as Path<ModeloValores>[], setError),
      },
    ),
  );
  const geral = save.error && !(save.error instanceof ApiRequestError && save.error.campos);
  const erroDaSoma = errors.itens?.message ?? errors.itens?.root?.message;

  return (
    <Dialog.Content>
      <form onSubmit={onValid} noValidate style={{ display: 'contents' }}>
        <Dialog.Header>
          <Dialog.Title>{modelo ? 'Editar modelo' : 'Novo modelo'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {geral && (
            <Alert.Root status="error" mb="4" role="alert">
              <Alert.Indicator />
              <Alert.Title>
                {(save.error instanceof ApiRequestError && save.error.detail) ||
                  save.error?.message}
              </Alert.Title>
            </Alert.Root>
          )}
          <Stack gap="5">
            <Field.Root invalid={!!errors.nome}>
              <Field.Label>Nome</Field.Label>
              <Input autoComplete="off" {...register('nome')} />
              <Field.ErrorText>{errors.nome?.message}</Field.ErrorText>
            </Field.Root>
            <Pesos control={control} />
            <DecimalField control={control} name="caixa_alvo" label="Caixa-alvo (%)" />
            <Soma control={control} erro={erroDaSoma} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <RadioField control={control} name="faixa.tipo" label="Faixa" options={FAIXAS} />
              <DecimalField
                control={control}
                name="faixa.valor"
                label={tipo === 'relativa' ? 'Faixa (fração do alvo)' : 'Faixa (pontos)'}
                helperText={
                  tipo === 'relativa'
                    ? 'Desvio tolerado como fração do peso-alvo: 0,2 é 20 % do alvo.'
                    : 'Desvio tolerado em pontos percentuais: 5 é de 25 % a 35 % num alvo de 30 %.'
                }
              />
            </SimpleGrid>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" colorPalette="gray" type="button">
              Cancelar
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" loading={save.isPending}>
            {modelo ? 'Salvar' : 'Criar'}
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
