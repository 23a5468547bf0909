/**
 * The button's look, one stylesheet for the page (React puts a `<style>` with an `href` in the head once, however
 * many buttons render it): the ticker is in every row of the long grids, where a Chakra element's style
 * computation, repeated as each scrolled row mounts, was felt (issue 34, rough edge 7).
 */
const ESTILO = `
.ticker-grafico {
  display: inline-flex; align-items: center; gap: var(--chakra-spacing-1);
  font-weight: var(--chakra-font-weights-semibold); cursor: pointer; border-radius: var(--chakra-radii-sm);
}
.ticker-grafico:hover { color: var(--chakra-colors-gold-fg); text-decoration: underline; }
.ticker-grafico:focus-visible {
  outline: 2px solid var(--chakra-colors-gold-focus-ring); outline-offset: 2px;
}
.ticker-grafico > svg { flex-shrink: 0; color: var(--chakra-colors-gold-fg); }
`;

/** A grid's ticker that opens the stock's chart: a small chart icon and the ticker, one button. */
export function TickerGrafico({ ticker, onClick }: { ticker: string; onClick: () => void }) {
  return (
    <>
      <style href="ticker-grafico" precedence="medium">
        {ESTILO}
      </style>
      <button
        type="button"
        className="ticker-grafico"
        onClick={onClick}
        title={`Abrir o gráfico de ${ticker}`}
        aria-label={`Gráfico de ${ticker}`}
      >
        <svg
          viewBox="0 0 16 16"
          width="14px"
          height="14px"
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
        </svg>
        {ticker}
      </button>
    </>
  );
}
