// Public surface of the refresh feature: the router imports only from here.
export { RefreshPage } from './components/refresh-page';
