import { Badge } from '@chakra-ui/react';
import type { SituacaoIr } from '../../../contract';
import { COR_SITUACAO, situacaoNome } from './ir-state';

/** A month's situation (A pagar, Abaixo de R$ 10,00, Sem imposto), coloured. */
export function SituacaoBadge({ situacao }: { situacao: SituacaoIr }) {
  return (
    <Badge variant="subtle" colorPalette={COR_SITUACAO[situacao]} data-situacao={situacao}>
      {situacaoNome(situacao)}
    </Badge>
  );
}
