// Public surface of the sites feature: the router imports only from here.

export { SiteInventoryPage } from './components/site-inventory-page';
export { SitesPage } from './components/sites-page';
