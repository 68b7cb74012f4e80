import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { lazySignedInApp } from './signed-in-app';

function renderSignedIn(load: () => Promise<{ default: ComponentType }>) {
  const SignedInApp = lazySignedInApp(load);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <SignedInApp />
    </AppProviders>,
  );
}

describe('the signed-in part of the app, loaded after sign-in', () => {
  it('shows "Initializing application..." until its code arrives', async () => {
    let finish: (module: { default: ComponentType }) => void = () => undefined;
    renderSignedIn(() => new Promise((resolve) => (finish = resolve)));
    expect(await screen.findByText('Initializing application...')).toBeInTheDocument();
    finish({ default: () => <div>router ready</div> });
    expect(await screen.findByText('router ready')).toBeInTheDocument();
  });

  it('offers Retry when its code cannot be loaded', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    renderSignedIn(() => Promise.reject(new Error('chunk missing')));
    expect(await screen.findByText('Failed to initialize application layout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
