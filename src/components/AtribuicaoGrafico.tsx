import { Link, Text } from '@chakra-ui/react';

/**
 * TradingView's attribution for lightweight-charts: its licence names TradingView as the product's creator
 * ("TradingView Lightweight Charts™, TradingView, Inc.") and asks for a link to https://www.tradingview.com/ on the
 * page that shows a chart (its README, "License"). The library's own logo is a link inside the chart, which the chart's role="img"
 * makes a control nested in an image (axe-core's nested-interactive): the charts hide it and show this under them.
 */
export function AtribuicaoGrafico() {
  return (
    <Text fontSize="xs" color="fg.muted">
      Gráfico:{' '}
      <Link href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        TradingView Lightweight Charts
      </Link>
    </Text>
  );
}
