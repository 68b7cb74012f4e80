// Public surface of the dashboard feature: the router imports only from here.
export { DashboardPage } from './components/dashboard-page';
