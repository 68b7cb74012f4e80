import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi, screenDataUnavailable } from '../../test/auth-api';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

async function signedIn() {
  const fake = createFakeAuthApi({ authenticated: true });
  server.use(...fake.handlers, screenDataUnavailable);
  const app = renderApp({ path: '/sites' });
  // The first render loads the route's code: more than the default second on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'WordPress Sites' }, { timeout: 5000 });
  return { ...app, fake };
}

describe('logout', () => {
  it('ends the session and shows the login screen', async () => {
    const { user, fake } = await signedIn();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(fake.state.authenticated).toBe(false);
  });

  it('logs out locally with a warning when the server answers with an error', async () => {
    const { user } = await signedIn();
    server.use(
      http.post('/api/auth/logout', () =>
        HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout may not have completed on server')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('logs out locally when the server cannot be reached', async () => {
    const { user } = await signedIn();
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed, but you have been logged out locally')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('change password', () => {
  async function openDialog() {
    const app = await signedIn();
    await app.user.click(screen.getByRole('button', { name: 'Account' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    const fill = async (current: string, next: string, confirm = next) => {
      await app.user.type(within(dialog).getByLabelText('Current password'), current);
      await app.user.type(within(dialog).getByLabelText('New password'), next);
      await app.user.type(within(dialog).getByLabelText('Confirm new password'), confirm);
      await app.user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    };
    return { ...app, dialog, fill };
  }

  it('sends both passwords and confirms with a toast', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/change-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Password updated' });
      }),
    );
    const { fill } = await openDialog();
    await fill('old secret', 'a much better secret');
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(body).toEqual({ currentPassword: 'old secret', newPassword: 'a much better secret' });
    // The first render loads the route's code: more than the default second on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'WordPress Sites' }, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server message as information when success is false', async () => {
    server.use(
      http.post('/api/auth/change-password', () =>
        HttpResponse.json({ success: false, message: 'The new password equals the current one' }),
      ),
    );
    const { fill } = await openDialog();
    await fill('same secret', 'same secret');
    expect(await screen.findByText('The new password equals the current one')).toBeInTheDocument();
  });

  it("shows the server's error and keeps the dialog open", async () => {
    server.use(
      http.post('/api/auth/change-password', () =>
        HttpResponse.json({ error: 'Current password is incorrect', code: 'invalid_password' }, { status: 401 }),
      ),
    );
    const { fill, dialog } = await openDialog();
    await fill('wrong', 'a much better secret');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    // A wrong current password is not an expired session: the app stays signed in.
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('reports a network failure', async () => {
    server.use(http.post('/api/auth/change-password', () => HttpResponse.error()));
    const { fill } = await openDialog();
    await fill('old secret', 'a much better secret');
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
  });

  it('asks for the new password twice and sends nothing while the two differ', async () => {
    let called = false;
    server.use(
      http.post('/api/auth/change-password', () => {
        called = true;
        return HttpResponse.json({ success: true, message: 'Password updated' });
      }),
    );
    const { fill, dialog } = await openDialog();
    await fill('old secret', 'a much better secret', 'a much better secre');
    expect(await within(dialog).findByText('The two new passwords do not match')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('checks the new password length before calling the server', async () => {
    const { fill } = await openDialog();
    await fill('old secret', 'short');
    expect(await screen.findByText('New password must be at least 8 characters')).toBeInTheDocument();
  });
});
