/** MT5 orders: the single buy and sale, their status, the order history; and the lotes. */
export { ordensRoutes } from './routes';
