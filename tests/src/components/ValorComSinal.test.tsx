import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../../src/app/theme';
import { ValorComSinal } from '../../../src/components/ValorComSinal';
import { vermelhoSeNegativo } from '../../../src/lib/sinal';

const cor = (texto: string) => screen.getByText(texto).getAttribute('data-cor');

describe('ValorComSinal', () => {
  it('colours a figure by its sign (zero is green) or by the rule given; without a value, the dash alone', () => {
    render(
      <ChakraProvider value={system}>
        <ValorComSinal value={0}>zero</ValorComSinal>
        <ValorComSinal value={-0.01}>negativo</ValorComSinal>
        <p data-testid="sem-valor">
          <ValorComSinal value={null}>—</ValorComSinal>
        </p>
        <ValorComSinal value={5} cor={vermelhoSeNegativo}>
          sobra
        </ValorComSinal>
        <ValorComSinal value={-5} cor={vermelhoSeNegativo}>
          falta
        </ValorComSinal>
      </ChakraProvider>,
    );
    expect([cor('zero'), cor('negativo'), cor('sobra'), cor('falta')]).toEqual([
      'verde',
      'vermelho',
      null,
      'vermelho',
    ]);
    // No value: the dash alone, in no coloured element of its own.
    expect(screen.getByText('—')).toBe(screen.getByTestId('sem-valor'));
    expect(getComputedStyle(screen.getByText('negativo')).color).toBe(
      'var(--chakra-colors-red-600)',
    );
  });
});
