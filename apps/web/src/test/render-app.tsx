import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/app';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

interface RenderAppOptions {
  path?: string;
  /** Pass when the test runs on fake timers, so typing advances them. */
  fakeTimers?: boolean;
}

/** Renders the whole app (providers, auth gate, router) at a path, as a browser would. */
export function renderApp({ path = '/', fakeTimers = false }: RenderAppOptions = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = render(
    <App queryClient={queryClient}>
      <RouterProvider router={router} />
    </App>,
  );
  return { ...view, user, router, queryClient };
}

/** Renders custom routes inside the app's providers, without the auth gate. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}
