/** Model portfolios and the rebalance plan of the clients following each (issue 33). */
export { modelosRoutes } from './routes';
export { modelosJobs } from './liberacao';
