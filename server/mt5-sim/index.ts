export { BEHAVIOURS, BehaviourSchema, Mt5Simulator } from './server';
export type { Behaviour, SimulatorOptions, SimulatorStats } from './server';
export { SimTerminal, ClientOrderIdConflict, OrderNotCancelable } from './terminal';
export type { OrderRequest, TerminalOptions } from './terminal';
export { Market, ROUND_LOT, TICK_SIZE, baseSymbol, isFractional } from './market';
