import { Button } from '@chakra-ui/react';
import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { DecimalField } from '../../../../src/components/form';
import { renderWithProviders } from '../../../support/render';

interface Valores {
  fator: number | null | undefined;
}

/** An edit form: the field starts with the stored number. */
function Edicao({ onValid }: { onValid: (v: Valores) => void }) {
  const { control, handleSubmit } = useForm<Valores>({ defaultValues: { fator: 2 } });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <DecimalField control={control} name="fator" label="Fator" />
      <Button type="submit">Salvar</Button>
    </form>
  );
}

describe('DecimalField in an edit form', () => {
  it('stays empty once emptied (not back to the stored number), and takes what is typed next', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<Edicao onValid={onValid} />);
    const fator = screen.getByLabelText('Fator');
    expect(fator).toHaveValue('2');
    await user.clear(fator);
    expect(fator).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ fator: null });

    await user.type(fator, '0,5');
    expect(fator).toHaveValue('0,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(onValid.mock.calls[1]![0]).toEqual({ fator: 0.5 });
  });
});
