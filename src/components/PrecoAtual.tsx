import { Text } from '@chakra-ui/react';
import { formatNumber } from '../../shared/format';

export const SEM_COTACAO = 'Sem cotação';

/** Preço Atual: the quote, or words saying there is none (a dash alone would not say why). */
export function PrecoAtual({ value }: { value: number | null | undefined }) {
  return value === null || value === undefined ? (
    <Text
      as="span"
      color="fg.muted"
      fontSize="xs"
      title="Nenhuma cotação encontrada para esta ação."
    >
      {SEM_COTACAO}
    </Text>
  ) : (
    <>{formatNumber(value)}</>
  );
}
