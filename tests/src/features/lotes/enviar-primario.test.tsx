import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnviarCompraDialog } from '../../../../src/features/lotes/EnviarCompraDialog';
import { renderWithProviders } from '../../../support/render';

/** Issue 34, rough edge 16: sending a lote is what the operator came to do, not a destructive action. */
describe('the buy lote’s confirmation', () => {
  it('shows Enviar in the primary colour, not the danger one', async () => {
    renderWithProviders(
      <EnviarCompraDialog
        envio={{
          body: {
            ticker_base: 'PETR4',
            execucao: 'mercado',
            tp: 45,
            itens: [{ cliente: 1, legs: [{ symbol: 'PETR4', quantidade: 100 }] }],
          },
          totais: { clientes: 1, acoes: 100, valor: 3000 },
          intent: '00000000-0000-4000-8000-000000000001',
          emVoo: [],
        }}
        onClose={() => {}}
        onSent={() => {}}
      />,
    );
    const enviar = await screen.findByRole('button', { name: 'Enviar' });
    // Chakra's palette is a set of custom properties on the button: its solid colour is the theme's primary (gold).
    const solid = getComputedStyle(enviar).getPropertyValue('--chakra-colors-color-palette-solid');
    expect(solid).toBe('var(--chakra-colors-gold-solid)');
  });
});
