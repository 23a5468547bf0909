import { chakra } from '@chakra-ui/react';

/** A grid's ticker that opens the stock's chart: a small chart icon and the ticker, one button. */
export function TickerGrafico({ ticker, onClick }: { ticker: string; onClick: () => void }) {
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      title={`Abrir o gráfico de ${ticker}`}
      aria-label={`Gráfico de ${ticker}`}
      display="inline-flex"
      alignItems="center"
      gap="1"
      fontWeight="semibold"
      cursor="pointer"
      rounded="sm"
      _hover={{ color: 'gold.fg', textDecoration: 'underline' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'gold.focusRing', outlineOffset: '2px' }}
    >
      <chakra.svg
        viewBox="0 0 16 16"
        width="14px"
        height="14px"
        flexShrink={0}
        color="gold.fg"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      >
        {/* Two candles and their wicks. */}
        <path d="M4.5 2v2M4.5 10v4M11.5 1.5v3M11.5 9.5v2.5" />
        <rect x="3" y="4" width="3" height="6" rx="0.5" />
        <rect x="10" y="4.5" width="3" height="5" rx="0.5" fill="currentColor" />
      </chakra.svg>
      {ticker}
    </chakra.button>
  );
}
