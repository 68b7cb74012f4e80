import { setupServer } from 'msw/node';
import { configuredProviderSettings } from './llm-settings';

/**
 * One MSW server for the web tests; each test declares the answers it needs. The one default is
 * the language-model settings, which the offline-writer notice on every generating screen reads.
 */
export const server = setupServer(configuredProviderSettings);
