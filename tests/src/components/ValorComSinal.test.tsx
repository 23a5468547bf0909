import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../../src/app/theme';
import { ValorComSinal } from '../../../src/components/ValorComSinal';
import { vermelhoSeNegativo } from '../../../src/lib/sinal';

const cor = (texto: string) => screen.getByText(texto).getAttribute('data-cor');

describe('ValorComSinal', () => {
  it('colours a figure by its sign (zero is green), none without a value, or by the rule given', () => {
    render(
      <ChakraProvider value={system}>
        <ValorComSinal value={0}>zero</ValorComSinal>
        <ValorComSinal value={-0.01}>negativo</ValorComSinal>
        <ValorComSinal value={null}>—</ValorComSinal>
        <ValorComSinal value={5} cor={vermelhoSeNegativo}>
          sobra
        </ValorComSinal>
        <ValorComSinal value={-5} cor={vermelhoSeNegativo}>
          falta
        </ValorComSinal>
      </ChakraProvider>,
    );
    expect([cor('zero'), cor('negativo'), cor('—'), cor('sobra'), cor('falta')]).toEqual([
      'verde',
      'vermelho',
      null,
      null,
      'vermelho',
    ]);
    expect(getComputedStyle(screen.getByText('negativo')).color).toBe(
      'var(--chakra-colors-red-600)',
    );
  });
});
