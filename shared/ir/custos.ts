import { dinheiro, divideRounded, moneyText, pow10, ESCALA } from './numeros';

/**
 * A partial sale's share of a purchase's costs (issue 29): in proportion to the quantities, to the cent (half
 * up), the remainder staying with the open part, so the two parts always add up to the costs. This is how the
 * book splits an operation; the average cost (posicoes.ts) does not need it.
 */
export function splitCustos(
  custos: string,
  vendida: number,
  total: number,
): [parteVendida: string, resto: string] {
  if (!Number.isSafeInteger(total) || total <= 0) {
    throw new RangeError('A quantidade total deve ser um inteiro maior que zero.');
  }
  if (!Number.isSafeInteger(vendida) || vendida < 0 || vendida > total) {
    throw new RangeError(
      'A quantidade vendida deve ser um inteiro entre zero e a quantidade total.',
    );
  }
  const todo = dinheiro(custos);
  // One rounding, of the exact proportion, to the cent.
  const centavo = pow10(ESCALA - 2);
  const parte = divideRounded(todo * BigInt(vendida), BigInt(total) * centavo) * centavo;
  return [moneyText(parte), moneyText(todo - parte)];
}
