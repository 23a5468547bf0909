import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { RegraPreco } from '../../../contract';
import { formatDateTimeMinutes, formatMoney } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { DIRECAO_REGRA } from './labels';

const col = createColumnHelper<RegraPreco>();

/** 'PETR4 acima de R$ 40,00': how a rule is named in its buttons and its confirmation. */
export const nomeDaRegra = (r: Pick<RegraPreco, 'ticker' | 'direcao' | 'nivel'>) =>
  `${r.ticker} ${DIRECAO_REGRA[r.direcao].toLowerCase()} ${formatMoney(r.nivel, 4)}`;

interface Acoes {
  onRearm: (regra: RegraPreco) => void;
  onDelete: (regra: RegraPreco) => void;
  /** The rule being armed again. */
  rearmando: number | null;
  /** The role may handle rules (issue 32): without it, no buttons column. */
  podeTratar: boolean;
}

/** The rules' columns: the stock, the direction and level, whether it is armed or fired, and its buttons. */
export const colunasDasRegras = ({ onRearm, onDelete, rearmando, podeTratar }: Acoes) => [
  col.accessor('ticker', {
    header: 'Ação',
    cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
  }),
  col.accessor((r) => DIRECAO_REGRA[r.direcao], { id: 'direcao', header: 'Direção' }),
  col.accessor('nivel', {
    header: 'Nível',
    cell: (c) => formatMoney(c.getValue(), 4),
    meta: META.dinheiro,
  }),
  col.accessor((r) => (r.armada ? 'Armada' : 'Disparada'), {
    id: 'situacao',
    header: 'Situação',
    cell: (c) => {
      const r = c.row.original;
      return r.armada ? (
        <Badge colorPalette="green">Armada</Badge>
      ) : (
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="orange">Disparada</Badge>
          {r.disparada_em && (
            <Text as="span" fontSize="xs" color="fg.muted">
              {formatDateTimeMinutes(r.disparada_em)}
            </Text>
          )}
        </HStack>
      );
    },
  }),
  col.accessor('criada_em', {
    header: 'Criada em',
    cell: (c) => formatDateTimeMinutes(c.getValue()),
    meta: META.dataHora,
  }),
  ...(podeTratar ? [acoesDaRegra({ onRearm, onDelete, rearmando })] : []),
];

function acoesDaRegra({ onRearm, onDelete, rearmando }: Omit<Acoes, 'podeTratar'>) {
  return col.display({
    id: 'actions',
    header: 'Ações',
    meta: { pinRight: true },
    cell: (c) => {
      const r = c.row.original;
      return (
        <HStack gap="1">
          {!r.armada && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => onRearm(r)}
              loading={rearmando === r.id}
              aria-label={`Rearmar ${nomeDaRegra(r)}`}
            >
              Rearmar
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => onDelete(r)}
            aria-label={`Excluir ${nomeDaRegra(r)}`}
          >
            Excluir
          </Button>
        </HStack>
      );
    },
  });
}
