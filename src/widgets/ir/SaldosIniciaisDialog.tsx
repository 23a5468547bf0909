import { Alert, Button, Dialog, SimpleGrid, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AnoIr } from '../../../contract';
import { useSaveSaldosIr } from '../../api/ir';
import { DecimalField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { setApiFieldErrors } from '../../lib/form-errors';
import {
  SALDOS_CAMPOS,
  SALDOS_FORM_FIELDS,
  saldosFormSchema,
  saldosIniciais,
  type SaldosFormValues,
} from './forms';

interface Props {
  clienteId: number;
  /** The year whose opening carries are edited (null: closed), with what its report says of them. */
  alvo: { ano: number; relatorio: AnoIr | undefined } | null;
  onClose: () => void;
}

/**
 * Saldos iniciais: the losses and withholding the client brings into the year, as their accountant states them.
 * Saved, they replace what the computation would carry from the years before.
 */
export function SaldosIniciaisDialog({ clienteId, alvo, onClose }: Props) {
  return (
    <TargetDialog target={alvo} targetKey={(a) => a.ano} onClose={onClose}>
      {(a) => <SaldosForm clienteId={clienteId} {...a} onClose={onClose} />}
    </TargetDialog>
  );
}

function SaldosForm({
  clienteId,
  ano,
  relatorio,
  onClose,
}: {
  clienteId: number;
  ano: number;
  relatorio: AnoIr | undefined;
  onClose: () => void;
}) {
  const schema = useMemo(() => saldosFormSchema(ano), [ano]);
  const { control, handleSubmit, setError } = useForm<
    SaldosFormValues,
    unknown,
    z.output<ReturnType<typeof saldosFormSchema>>
  >({ resolver: zodResolver(schema), defaultValues: saldosIniciais(relatorio) });
  const save = useSaveSaldosIr(clienteId);
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: onClose,
      onError: (error) => setApiFieldErrors(error, SALDOS_FORM_FIELDS, setError),
    }),
  );
  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Saldos iniciais de {ano}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text fontSize="sm" color="fg.muted" mb="4">
            Prejuízos e IRRF que o cliente traz para {ano}, como o contador os informa. Substituem o
            que o cálculo traria dos anos anteriores. Em branco: zero.
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {SALDOS_CAMPOS.map(([campo, label]) => (
              <DecimalField key={campo} control={control} name={campo} label={label} />
            ))}
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
            Salvar
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
