import { Box } from '@chakra-ui/react';
import { ALTURA_ROTULO, type RotuloNoGrafico } from './desenho';

/**
 * The lines' labels over the chart ('Alvo R$ 999,00'), each at the top posicionarRotulos gave it, its right edge
 * just inside the plot (left of the price scale). Dark text on white with the line's colour at its side: the
 * lines' own colours are too light for text. Hidden from screen readers, which read the legend.
 */
export function RotulosDasLinhas({ rotulos }: { rotulos: RotuloNoGrafico[] }) {
  return (
    <>
      {rotulos.map((r) => (
        <Box
          key={r.tipo}
          data-rotulo={r.tipo}
          aria-hidden
          position="absolute"
          top={`${r.topo}px`}
          left={`${r.direita - 4}px`}
          transform="translateX(-100%)"
          h={`${ALTURA_ROTULO}px`}
          lineHeight={`${ALTURA_ROTULO - 2}px`}
          px="1.5"
          fontSize="xs"
          whiteSpace="nowrap"
          fontVariantNumeric="tabular-nums"
          color="gray.800"
          bg="white"
          borderWidth="1px"
          borderLeftWidth="4px"
          borderColor={r.cor}
          rounded="sm"
          pointerEvents="none"
        >
          {r.texto}
        </Box>
      ))}
    </>
  );
}
