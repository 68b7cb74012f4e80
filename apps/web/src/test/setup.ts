import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { reportConnection } from '../lib/connection-status';
import { installMatchMedia, setWindowWidth } from './match-media';
import { server } from './msw-server';

// The first screen a test file renders loads its lazy route chunk and transforms it: on a busy
// two-core CI machine that alone can pass Testing Library's default second. Waits end as soon as
// their condition holds; only the patience for a slow first render grows.
configure({ asyncUtilTimeout: 3_000 });

// A laptop: wide enough for the tables (lib/use-table-fits.ts); phone and tablet tests set their own width.
const DEFAULT_WIDTH = 1280;

beforeAll(() => {
  // Files share one jsdom (vitest.config.ts: isolate false): each starts with what a new page has.
  localStorage.clear();
  sessionStorage.clear();
  reportConnection(true);
  installMatchMedia();
  // Any call a test did not plan for is a bug, not something to ignore.
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  setWindowWidth(DEFAULT_WIDTH);
  // The API client logs every request and failure; keep expected ones out of the test output.
  const consoleError = console.error.bind(console);
  const consoleWarn = console.warn.bind(console);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (isExpectedLog(args[0])) return;
    consoleError(...args);
  });
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (isExpectedLog(args[0])) return;
    consoleWarn(...args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

afterAll(() => {
  server.close();
});

function isExpectedLog(first: unknown): boolean {
  return (
    typeof first === 'string' &&
    (first.startsWith('[api]') || first === 'Authentication required - redirecting to login')
  );
}
