import type { ReactNode } from 'react';
import { COR_TOKEN, corPorSinal, type Cor } from '../lib/sinal';

interface Props {
  value: number | null | undefined;
  /** The value as the screen formats it ('-R$ 50,00', '4,76'). */
  children: ReactNode;
  /** Its colour: by default green from zero up and red below (src/lib/sinal.ts has the other rules). */
  cor?: (value: number | null | undefined) => Cor | null;
  fontWeight?: 'normal' | 'medium' | 'semibold';
}

/**
 * A figure whose sign (or rule) gives its colour: a variação, a result, what is left to invest. The colour's name
 * is in `data-cor` too, for the tests and whoever reads the page without colours. Without a value, its text (a
 * dash) as it is. A plain element with an inline style: it is in every row of the long grids, where a Chakra
 * element's style computation, repeated as each scrolled row mounts, was felt (issue 34, rough edge 7).
 */
export function ValorComSinal({
  value,
  children,
  cor = corPorSinal,
  fontWeight = 'medium',
}: Props) {
  if (value === null || value === undefined) return <>{children}</>;
  const nome = cor(value);
  return (
    <span
      style={{
        fontWeight: `var(--chakra-font-weights-${fontWeight})`,
        color: nome ? `var(--chakra-colors-${COR_TOKEN[nome].replace('.', '-')})` : undefined,
      }}
      data-cor={nome ?? undefined}
    >
      {children}
    </span>
  );
}
