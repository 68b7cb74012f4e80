// Public surface of the sites feature: the router imports only from here.
export { SitesPage } from './components/sites-page';
export { SiteInventoryPage } from './components/site-inventory-page';
