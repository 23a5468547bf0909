import { Alert } from '@chakra-ui/react';
import { contagem, type LinhaCompra } from './figures';

/** Names for a sentence: the first ten, then how many more. */
export function nomesDe(nomes: readonly string[]): string {
  const resto = nomes.length - 10;
  return nomes.slice(0, 10).join(', ') + (resto > 0 ? ` e mais ${resto}` : '');
}

/**
 * After Validar: the clients that already have a buy of the stock in flight (issue 26, item 5). Each row says so
 * in Validação; they are left out of the selection, their valor disponível already counts the buy, and sending
 * to them asks for a confirmation.
 */
export function ComprasEmVooResumo({
  ticker,
  linhas,
}: {
  ticker: string;
  linhas: readonly LinhaCompra[];
}) {
  const comEmVoo = linhas.filter((l) => l.item.compras_em_voo.length > 0);
  if (!comEmVoo.length) return null;
  const um = comEmVoo.length === 1;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {contagem(comEmVoo.length, 'cliente', 'clientes')} já {um ? 'tem' : 'têm'} compra de{' '}
          {ticker} em andamento: {nomesDe(comEmVoo.map((l) => l.item.nome))}.
        </Alert.Title>
        <Alert.Description>
          {um ? 'Fica' : 'Ficam'} fora da seleção, e o valor disponível já desconta o que está em
          andamento. Para enviar outra compra {um ? 'a ele' : 'a eles'}, marque-{um ? 'o' : 'os'}: o
          envio pede confirmação.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
