// Public surface of the trends feature: the router imports only from here.
export { TrendMonitorPage } from './components/trend-monitor-page';
export { TrendRunPage } from './components/trend-run-page';
