// Public surface of the blog-configs feature: the router imports only from here.
export { BlogConfigPage } from './components/blog-config-page';
