import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { renderRoutes } from '../test/render-app';
import { AppErrorBoundary } from './crash-fallback';
import { lazyLayout, lazyPage } from './lazy-route';
import { AppProviders } from './providers';
import { InitializingScreen, PageErrorFallback, ShellErrorFallback } from './route-fallbacks';

function Boom(): never {
  throw new Error('render failed');
}

const Layout = () => <div>layout ready</div>;

function shellRoutes(layout: () => Promise<ComponentType>, children: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      HydrateFallback: InitializingScreen,
      ErrorBoundary: ShellErrorFallback,
      lazy: lazyLayout(layout),
      children: [{ ErrorBoundary: PageErrorFallback, children }],
    },
  ];
}

/** React reports errors caught by boundaries on console.error; these tests cause them on purpose. */
function muteReactErrors() {
  vi.mocked(console.error).mockImplementation(() => undefined);
}

describe('start-up and failure screens', () => {
  it('shows "Initializing application..." while the layout loads', async () => {
    let finish: (component: ComponentType) => void = () => undefined;
    renderRoutes(shellRoutes(() => new Promise((resolve) => (finish = resolve))));
    expect(await screen.findByText('Initializing application...')).toBeInTheDocument();
    finish(Layout);
    expect(await screen.findByText('layout ready')).toBeInTheDocument();
  });

  it('offers Retry when the layout cannot start', async () => {
    muteReactErrors();
    renderRoutes(shellRoutes(() => Promise.reject(new Error('chunk missing'))));
    expect(await screen.findByText('Failed to initialize application layout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('reports a screen that cannot load as a failed navigation, inside the shell', async () => {
    muteReactErrors();
    const Shell = () => (
      <div>
        <span>shell stays</span>
        <Outlet />
      </div>
    );
    renderRoutes(
      shellRoutes(
        () => Promise.resolve(Shell),
        [{ index: true, lazy: lazyPage(() => Promise.reject(new Error('chunk missing'))) }],
      ),
    );
    expect(await screen.findByText('shell stays')).toBeInTheDocument();
    // Once in the content area, once as a toast.
    await waitFor(() => {
      expect(screen.getAllByText('Navigation failed. Please try again.')).toHaveLength(2);
    });
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('shows the crash fallback and a toast when a screen throws', async () => {
    muteReactErrors();
    const Shell = () => <Outlet />;
    renderRoutes(shellRoutes(() => Promise.resolve(Shell), [{ index: true, Component: Boom }]));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('The application encountered an unexpected error.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(await screen.findByText('An unexpected error occurred. Please refresh the page.')).toBeInTheDocument();
  });

  it('catches crashes outside the router too', async () => {
    muteReactErrors();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AppErrorBoundary>
          <Boom />
        </AppErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(await screen.findByText('An unexpected error occurred. Please refresh the page.')).toBeInTheDocument();
  });
});
