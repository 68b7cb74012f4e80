import { setupServer } from 'msw/node';
import { configuredProviderSettings } from './llm-settings';
import { usageDefaults } from './usage';

/**
 * One MSW server for the web tests; each test declares the answers it needs. The defaults are
 * the language-model settings, which the offline-writer notice on every generating screen reads,
 * and the model spend and prices (the Dashboard, the landing screen, and Settings read them).
 */
export const server = setupServer(configuredProviderSettings, ...usageDefaults);
