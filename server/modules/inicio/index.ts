/**
 * The home screen (issue 34): the book's result today and this month, and what needs attention — targets reached,
 * stops near, orders and lotes in flight or in doubt, terminals not online, divergences, ex-dates, unread alerts.
 */
export { inicioRoutes } from './routes';
