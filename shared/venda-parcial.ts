/**
 * Partial sales (issue 34): how much of an operation a sale sells. Integers only: a share is never split.
 */

/** A lote's share of one position: quantidade × percentual / 100, rounded down to whole shares. */
export function quantidadeDoPercentual(quantidade: number, percentual: number): number {
  // Integer arithmetic: 101 × 50 / 100 is 50 whatever floats would make of 50.5.
  return Math.floor((quantidade * percentual) / 100);
}

/** Why an operation is left out of a lote sale at this percentual. */
export function motivoForaDoLote(quantidade: number, percentual: number): string {
  return `${percentual} % de ${quantidade} ${quantidade === 1 ? 'ação' : 'ações'} arredonda para zero ação inteira: nada a vender.`;
}

/** The single sale's quantity: all of it when not given; a 400's detail when it cannot be sold. */
export function quantidadeDaVenda(
  naOperacao: number,
  pedida: number | undefined,
): { quantidade: number } | { erro: string } {
  if (pedida === undefined) return { quantidade: naOperacao };
  if (!Number.isSafeInteger(pedida) || pedida < 1 || pedida > naOperacao) {
    return {
      erro: `A quantidade a vender deve ser de 1 a ${naOperacao.toLocaleString('pt-BR')} (o que a operação tem).`,
    };
  }
  return { quantidade: pedida };
}
