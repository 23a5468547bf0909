import { Box, chakra } from '@chakra-ui/react';
import type { ExposicaoLinha } from '../../../../contract';
import { formatMoney, formatNumber } from '../../../../shared/format';

/** How many bars: the largest exposures, where the eye goes; the table has the rest. */
const BARRAS = 10;
const ALTURA = 26;
/** The labels' share of the width, in %; the bars take up to BARRA % after it, leaving room for the figure. */
const ROTULO = 30;
const BARRA = 55;

/**
 * The largest exposures as horizontal bars (plain SVG: no axis to read, each bar says its share), scaled to the
 * largest one so that the differences show; the figures are in the table and in the image's description.
 */
export function Barras({ linhas, titulo }: { linhas: ExposicaoLinha[]; titulo: string }) {
  const top = linhas.slice(0, BARRAS);
  if (!top.length) return null;
  const max = Math.max(...top.map((l) => l.percentual), 0.01);
  const descricao = top
    .map((l) => `${l.nome}: ${formatNumber(l.percentual)}% (${formatMoney(l.valor)})`)
    .join('; ');
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg" maxW="4xl">
      <chakra.svg
        role="img"
        aria-label={`${titulo}: ${descricao}`}
        width="100%"
        height={`${top.length * ALTURA}px`}
        display="block"
      >
        {top.map((l, i) => {
          const largura = (l.percentual / max) * BARRA;
          return (
            <g key={l.nome} transform={`translate(0, ${i * ALTURA})`}>
              <text
                x={`${ROTULO - 1}%`}
                y={ALTURA / 2 + 4}
                textAnchor="end"
                fontSize="12"
                fill="currentColor"
              >
                {l.nome.length > 22 ? `${l.nome.slice(0, 21)}…` : l.nome}
              </text>
              <rect
                x={`${ROTULO}%`}
                y="4"
                height={ALTURA - 8}
                width={`${largura}%`}
                rx="3"
                fill="var(--chakra-colors-gold-solid)"
              />
              <text
                x={`${ROTULO + largura + 1}%`}
                y={ALTURA / 2 + 4}
                fontSize="12"
                fill="currentColor"
              >
                {formatNumber(l.percentual)}%
              </text>
            </g>
          );
        })}
      </chakra.svg>
    </Box>
  );
}
