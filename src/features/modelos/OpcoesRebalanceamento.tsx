import { Button, Checkbox, SimpleGrid, Stack } from '@chakra-ui/react';
import { useController, useForm } from 'react-hook-form';
import { DecimalField, RadioField } from '../../components/form';
import { MODOS, OPCOES_INICIAIS, type OpcoesValores } from './rebalanceamento-state';

/**
 * Modo, valor mínimo and the exemption, then Validar: the plan is asked again with what is on the form (nothing
 * is sent).
 */
export function OpcoesRebalanceamento({
  onValidar,
  validando,
}: {
  onValidar: (valores: OpcoesValores) => void;
  validando: boolean;
}) {
  const form = useForm<OpcoesValores>({ defaultValues: OPCOES_INICIAIS });
  const { field: isencao } = useController({ control: form.control, name: 'respeitar_isencao' });
  return (
    <form onSubmit={form.handleSubmit(onValidar)} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
          <RadioField control={form.control} name="modo" label="Modo" options={MODOS} />
          <DecimalField
            control={form.control}
            name="valor_minimo"
            label="Valor mínimo por ordem (R$)"
            helperText="Uma ordem de valor menor fica fora do plano."
          />
        </SimpleGrid>
        <Checkbox.Root
          checked={isencao.value}
          onCheckedChange={(e) => isencao.onChange(e.checked === true)}
        >
          <Checkbox.HiddenInput name={isencao.name} onBlur={isencao.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>
            Respeitar a isenção (vendas de ações no mês até R$ 20.000,00)
          </Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" alignSelf="flex-start" loading={validando}>
          Validar
        </Button>
      </Stack>
    </form>
  );
}
