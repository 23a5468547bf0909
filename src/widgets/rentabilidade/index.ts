/**
 * The returns against the CDI and the Ibovespa as the screens show them (issue 30): a portfolio's RENTABILIDADE
 * tab (the period's figures and chart, the monthly grid, each stock's contribution, the allocation, the monthly
 * report's PDF) and the control panel's (every client over the period, and the book).
 */
export { RentabilidadeAba, RentabilidadeLivroAba } from './RentabilidadeAba';
