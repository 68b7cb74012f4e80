// Public surface of the articles feature: the router imports only from here.
export { ArticlesPage } from './components/articles-page';
