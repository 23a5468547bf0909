import { Alert, Button, Dialog, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CLASSE_ATIVO_NOME, CLASSES_ATIVO, type Acao } from '../../../contract';
import { useSaveAcao } from '../../api/acoes';
import { FormField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { setApiFieldErrors } from '../../lib/form-errors';
import { ATIVO_FORM_FIELDS, ativoFormSchema, valoresIniciais, type AtivoFormValues } from './form';

interface Props {
  /** null: closed; 'new': Novo Ativo; an asset: Editar Ativo (its ticker fixed). */
  target: Acao | 'new' | null;
  onClose: () => void;
}

/** Novo Ativo / Editar Ativo: the company, the sector and the class the income tax reads. */
export function AtivoDialog({ target, onClose }: Props) {
  return (
    <TargetDialog target={target} targetKey={(t) => (t === 'new' ? 'new' : t.id)} onClose={onClose}>
      {(t) => <AtivoForm acao={t === 'new' ? null : t} onClose={onClose} />}
    </TargetDialog>
  );
}

function AtivoForm({ acao, onClose }: { acao: Acao | null; onClose: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<
    AtivoFormValues,
    unknown,
    z.output<typeof ativoFormSchema>
  >({ resolver: zodResolver(ativoFormSchema), defaultValues: valoresIniciais(acao) });
  const save = useSaveAcao();
  const erro = (name: (typeof ATIVO_FORM_FIELDS)[number]) => formState.errors[name]?.message;

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: onClose,
      onError: (error) => setApiFieldErrors(error, ATIVO_FORM_FIELDS, setError),
    }),
  );
  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{acao ? `Editar Ativo — ${acao.ticker}` : 'Novo Ativo'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {!acao && (
              <FormField label="Ticker" error={erro('ticker')}>
                <Input
                  {...register('ticker')}
                  placeholder="PETR4"
                  autoComplete="off"
                  textTransform="uppercase"
                />
              </FormField>
            )}
            <FormField label="Classe" error={erro('classe')}>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('classe')} placeholder="Selecione a classe">
                  {CLASSES_ATIVO.map((c) => (
                    <option key={c} value={c}>
                      {CLASSE_ATIVO_NOME[c]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Empresa" error={erro('empresa')}>
              <Input {...register('empresa')} autoComplete="off" />
            </FormField>
            <FormField label="Setor" error={erro('setor')}>
              <Input {...register('setor')} autoComplete="off" />
            </FormField>
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted" mt="4">
            A classe define como o IR trata as vendas: só ações têm a isenção de R$ 20.000,00 no
            mês; FIIs pagam 20%.
          </Text>
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
            {acao ? 'Salvar' : 'Criar'}
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
