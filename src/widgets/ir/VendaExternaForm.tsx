import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveVendaExterna } from '../../api/ir';
import { DecimalField } from '../../components/form';
import { setApiFieldErrors } from '../../lib/form-errors';
import { vendaExternaFormSchema, type VendaExternaFormValues } from './forms';
import { mesCurto } from './ir-state';

/**
 * The month's stock sales made at other brokers: they count toward the R$ 20.000,00 of the exemption. Saved,
 * the month (and the year after it) is computed again.
 */
export function VendaExternaForm({
  clienteId,
  mes,
  valor,
}: {
  clienteId: number;
  mes: string;
  /** What is stated now (0: none). */
  valor: number;
}) {
  const { control, handleSubmit, setError, formState, reset } = useForm<
    VendaExternaFormValues,
    unknown,
    z.output<typeof vendaExternaFormSchema>
  >({
    resolver: zodResolver(vendaExternaFormSchema),
    defaultValues: { valor: valor === 0 ? undefined : valor },
  });
  const save = useSaveVendaExterna(clienteId);
  const onSubmit = handleSubmit((novo) =>
    save.mutate(
      { mes, valor: novo },
      {
        onSuccess: () => reset({ valor: novo === 0 ? undefined : novo }),
        onError: (error) => setApiFieldErrors(error, ['valor'], setError),
      },
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Vendas em outras corretoras em ${mesCurto(mes)}`}
    >
      <Stack gap="2">
        <HStack align="end" gap="3" wrap="wrap">
          <Box flex="1" minW="14rem" maxW="sm">
            <DecimalField
              control={control}
              name="valor"
              label="Vendas de ações em outras corretoras (R$)"
              helperText="Contam para o limite de isenção de R$ 20.000,00. Em branco: nenhuma."
            />
          </Box>
          <Button type="submit" size="sm" loading={save.isPending} disabled={!formState.isDirty}>
            Salvar vendas
          </Button>
        </HStack>
        {save.error && !formState.errors.valor && (
          <Text color="red.600" fontSize="sm" role="alert">
            {save.error.message}
          </Text>
        )}
      </Stack>
    </form>
  );
}
