import { setupServer } from 'msw/node';

/** One MSW server for the web tests; each test declares the answers it needs. */
export const server = setupServer();
