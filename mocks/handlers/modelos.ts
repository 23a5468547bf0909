import { gravado } from '../recorded';

/** Minimal (issue 33): mocks/record/cenas-modelos.ts's answers replayed as they are, without state. */
export const modelosHandlers = [
  gravado('modelos'),
  gravado('modelos-create'),
  gravado('modelos-get'),
  gravado('modelos-update'),
  gravado('modelos-delete'),
  gravado('modelos-rebalancear-validar'),
  gravado('modelos-rebalancear'),
];
