import { Button } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  CompraValidarRequestSchema,
  VendaRequestSchema,
  type CompraValidarRequest,
  type VendaRequest,
} from '../../../../contract';
import {
  AcaoSelect,
  DecimalField,
  ExecucaoFields,
  type AcaoOpcao,
} from '../../../../src/components/form';
import { renderWithProviders } from '../../../support/render';

/** A form around the kit's fields: Enviar hands the parsed values to `onValid`; `set` sets a value from outside. */
function Formulario<T extends FieldValues>({
  resolver,
  defaultValues,
  onValid,
  set,
  shouldUnregister = false,
  children,
}: {
  resolver: Resolver<T>;
  /** As the order forms do: a field that leaves the screen leaves the values. */
  shouldUnregister?: boolean;
  defaultValues: DefaultValues<T>;
  onValid: (values: T) => void;
  set?: { label: string; apply: (setValue: (name: never, value: never) => void) => void };
  children: (control: ReturnType<typeof useForm<T>>['control']) => ReactNode;
}) {
  const form = useForm<T>({ resolver, defaultValues, shouldUnregister });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      {children(form.control)}
      {set && (
        <Button
          onClick={() => set.apply(form.setValue as unknown as (name: never, value: never) => void)}
        >
          {set.label}
        </Button>
      )}
      <Button type="submit">Enviar</Button>
    </form>
  );
}

describe('DecimalField', () => {
  const renderCompra = (onValid = vi.fn()) => {
    const view = renderWithProviders(
      <Formulario<CompraValidarRequest>
        resolver={zodResolver(CompraValidarRequestSchema)}
        defaultValues={{ ticker: 'PETR4', modo: 'valor', execucao: 'mercado' }}
        onValid={onValid}
        set={{
          label: 'Alvo sugerido',
          apply: (setValue) => setValue('tp' as never, 41.23 as never),
        }}
      >
        {(control) => (
          <>
            <DecimalField control={control} name="valor" label="Valor (R$)" />
            <DecimalField control={control} name="tp" label="Alvo (TP)" />
          </>
        )}
      </Formulario>,
    );
    return { ...view, onValid };
  };

  it('reads what a Brazilian types as the number the contract takes', async () => {
    const { user, onValid } = renderCompra();
    await user.type(screen.getByLabelText('Valor (R$)'), '1.234,56');
    await user.type(screen.getByLabelText('Alvo (TP)'), 'R$ 45,5');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({ valor: 1234.56, tp: 45.5 });
    // The text stays as typed.
    expect(screen.getByLabelText('Valor (R$)')).toHaveValue('1.234,56');
  });

  it("says the contract's message under the field for what is missing or not a number", async () => {
    const { user, onValid } = renderCompra();
    await user.type(screen.getByLabelText('Valor (R$)'), '12,3,4');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Informe o valor.')).toBeInTheDocument();
    expect(screen.getByText('Informe o alvo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Valor (R$)')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('shows a value set from elsewhere in pt-BR', async () => {
    const { user } = renderCompra();
    await user.click(screen.getByRole('button', { name: 'Alvo sugerido' }));
    expect(screen.getByLabelText('Alvo (TP)')).toHaveValue('41,23');
  });
});

describe('ExecucaoFields', () => {
  const renderVenda = (onValid = vi.fn()) => {
    const view = renderWithProviders(
      <Formulario<VendaRequest>
        resolver={zodResolver(VendaRequestSchema)}
        defaultValues={{ execucao: 'mercado' }}
        onValid={onValid}
        shouldUnregister
      >
        {(control) => <ExecucaoFields control={control} />}
      </Formulario>,
    );
    return { ...view, onValid };
  };

  it('asks for the limit price only for limite, and sends it only then', async () => {
    const { user, onValid } = renderVenda();
    expect(screen.getByRole('radio', { name: 'Mercado' })).toBeChecked();
    expect(screen.queryByLabelText('Preço limite')).not.toBeInTheDocument();
    await user.click(screen.getByText('Limite'));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Informe o preço limite.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Preço limite'), '38,50');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ execucao: 'limite', preco: 38.5 });

    // Back to mercado: the price leaves the form (an order at market takes none).
    await user.click(screen.getByText('Mercado'));
    await waitFor(() => expect(screen.queryByLabelText('Preço limite')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(onValid.mock.calls[1]![0]).toEqual({ execucao: 'mercado' });
  });
});

describe('AcaoSelect', () => {
  const Escolha = z.object({ acao: z.string().min(1, 'Selecione a ação.') });
  type Escolha = z.infer<typeof Escolha>;
  const renderAcao = (opcoes?: AcaoOpcao[]) => {
    const onValid = vi.fn();
    const view = renderWithProviders(
      <Formulario<Escolha>
        resolver={zodResolver(Escolha)}
        defaultValues={{ acao: '' }}
        onValid={onValid}
      >
        {(control) => (
          <AcaoSelect
            control={control}
            name="acao"
            placeholder="Selecione a ação"
            {...(opcoes && { opcoes })}
          />
        )}
      </Formulario>,
    );
    return { ...view, onValid };
  };

  it('offers the whole universe by id when given nothing, and says when none is chosen', async () => {
    const { user, onValid } = renderAcao();
    const select = screen.getByRole('combobox', { name: 'Ação' });
    expect(await screen.findByRole('option', { name: 'PETR4 — Petrobras' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Selecione a ação.')).toBeInTheDocument();
    await user.selectOptions(select, 'PETR4 — Petrobras');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ acao: '4' });
  });

  it('offers only the options it is given', async () => {
    const { user, onValid } = renderAcao([{ value: 'ABEV3', label: 'ABEV3 (2 operações)' }]);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Selecione a ação',
      'ABEV3 (2 operações)',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ação' }), 'ABEV3');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ acao: 'ABEV3' }, expect.anything()));
  });
});
