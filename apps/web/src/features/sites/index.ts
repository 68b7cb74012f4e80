// Public surface of the sites feature: the router imports only from here.
export { SitesPage } from './components/sites-page';
