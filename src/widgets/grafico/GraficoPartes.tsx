import { Button, ButtonGroup, Flex, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Barra } from '../../../contract';
import { formatDate, formatInteger, formatMoney } from '../../../shared/format';
import {
  CORES,
  PERIODO_ROTULO,
  PERIODOS,
  type LinhaGrafico,
  type MarcaGrafico,
  type Periodo,
  type TipoGrafico,
} from './grafico';

/** Candles or a line, and the period shown. */
export function Escolhas({
  tipo,
  onTipo,
  periodo,
  onPeriodo,
}: {
  tipo: TipoGrafico;
  onTipo: (tipo: TipoGrafico) => void;
  periodo: Periodo;
  onPeriodo: (periodo: Periodo) => void;
}) {
  return (
    <Flex gap="3" wrap="wrap" justify="space-between" align="center">
      <ButtonGroup size="xs" variant="outline" attached role="group" aria-label="Tipo de gráfico">
        {(['candles', 'linha'] as const).map((t) => (
          <Button
            key={t}
            aria-pressed={tipo === t}
            variant={tipo === t ? 'solid' : 'outline'}
            onClick={() => onTipo(t)}
          >
            {t === 'candles' ? 'Candles' : 'Linha'}
          </Button>
        ))}
      </ButtonGroup>
      <ButtonGroup size="xs" variant="outline" attached role="group" aria-label="Período">
        {PERIODOS.map((p) => (
          <Button
            key={p}
            aria-pressed={periodo === p}
            variant={periodo === p ? 'solid' : 'outline'}
            onClick={() => onPeriodo(p)}
          >
            {PERIODO_ROTULO[p]}
          </Button>
        ))}
      </ButtonGroup>
    </Flex>
  );
}

/** Today's quote, and the session under the pointer (the last one otherwise): the chart's tooltip, in words. */
export function Cotacao({ precoAtual, barra }: { precoAtual: number | null; barra: Barra | null }) {
  return (
    <Stack gap="0" fontSize="sm" fontVariantNumeric="tabular-nums">
      <Text>
        {precoAtual === null ? (
          'Sem cotação atual.'
        ) : (
          <>
            Cotação atual: <strong>{formatMoney(precoAtual)}</strong>
          </>
        )}
      </Text>
      <Text color="fg.muted" minH="5">
        {barra &&
          `${formatDate(barra.data)} · Abertura ${formatMoney(barra.abertura)} · ` +
            `Máxima ${formatMoney(barra.maxima)} · Mínima ${formatMoney(barra.minima)} · ` +
            `Fechamento ${formatMoney(barra.fechamento)} · Volume ${formatInteger(barra.volume)}`}
      </Text>
    </Stack>
  );
}

/** What each mark and line of the chart is, with its date and price. */
export function Legendas({
  marcas,
  linhas,
  foraDoHistorico,
}: {
  marcas: MarcaGrafico[];
  linhas: LinhaGrafico[];
  /** The marks before the first session of the history (not drawn). */
  foraDoHistorico: MarcaGrafico[];
}) {
  return (
    <Wrap gap="4" fontSize="xs" color="fg.muted" aria-label="Legenda">
      {marcas.map((m) => (
        <Legenda key={m.tipo} cor={CORES[m.tipo]} seta={m.tipo === 'compra' ? '▲' : '▼'}>
          {m.tipo === 'compra' ? 'Compra' : 'Venda'} {formatDate(m.data)} {formatMoney(m.preco)}
          {foraDoHistorico.includes(m) && ' (fora do histórico)'}
        </Legenda>
      ))}
      {linhas.map((l) => (
        <Legenda key={l.tipo} cor={CORES[l.tipo]}>
          {l.rotulo} {formatMoney(l.preco)}
        </Legenda>
      ))}
    </Wrap>
  );
}

function Legenda({ cor, seta, children }: { cor: string; seta?: string; children: ReactNode }) {
  return (
    <HStack as="span" gap="1">
      {seta ? (
        <Text as="span" color={cor} aria-hidden>
          {seta}
        </Text>
      ) : (
        <Text as="span" w="4" borderTopWidth="2px" borderStyle="dashed" borderColor={cor} />
      )}
      <Text as="span">{children}</Text>
    </HStack>
  );
}
