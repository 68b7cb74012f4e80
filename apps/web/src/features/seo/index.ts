// Public surface of the seo feature: the router imports only from here.
export { PublishRunPage } from './components/publish-run-page';
export { SeoProjectsPage } from './components/seo-projects-page';
export { SeoWizardPage } from './components/seo-wizard-page';
