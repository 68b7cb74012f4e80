// Public surface of the settings feature: the router imports only from here.
export { SettingsPage } from './components/settings-page';
