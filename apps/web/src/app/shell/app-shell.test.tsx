import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi, screenDataUnavailable } from '../../test/auth-api';
import { setWindowWidth } from '../../test/match-media';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

function signedIn(path: string) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, screenDataUnavailable);
  return renderApp({ path });
}

const topBar = () => screen.getByRole('banner');
const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('app shell', () => {
  it.each([
    ['/', 'Dashboard', 'Dashboard'],
    ['/sites', 'WordPress Sites', 'WordPress Sites'],
    ['/config', 'Blog Configuration', 'Blog Configuration'],
    ['/articles', 'Generated Articles', 'Articles'],
    ['/calendar', 'Calendar', 'Calendar'],
    ['/manual', 'Manual Content Generation', 'Manual Generation'],
    ['/manual-secure', 'Secure Manual Article Generation', 'Automated Blog Poster'],
    ['/trends', 'Trend Monitor', 'Trend Monitor'],
    ['/seo-suite', 'SEO Projects', 'Full SEO Suite'],
    ['/seo-suite/wizard?projectId=3', 'Full SEO Suite Wizard', 'Full SEO Suite'],
    ['/refresh', 'Refresh', 'Refresh'],
    ['/settings', 'Settings', 'Settings'],
  ])('%s shows the heading "%s" and the top-bar title "%s"', async (path, heading, title) => {
    signedIn(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(within(topBar()).getByText(title)).toBeInTheDocument();
  });

  it('sends an unknown route to the dashboard', async () => {
    const { router } = signedIn('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists the drawer entries in order with the version label and the top-bar controls', async () => {
    signedIn('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['WordPress Sites', '/sites'],
      ['Blog Configuration', '/config'],
      ['Articles', '/articles'],
      ['Review', '/review'],
      ['Calendar', '/calendar'],
      ['Manual Generation', '/manual'],
      ['Trend Monitor', '/trends'],
      ['Full SEO Suite', '/seo-suite'],
      ['Refresh', '/refresh'],
      ['Settings', '/settings'],
    ]);
    expect(screen.getByText('v1.3.1')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-job-indicator-slot')).toBeInTheDocument();
    expect(within(topBar()).getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(within(topBar()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // Wide screens have no menu button: the drawer is always there.
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('navigates from the drawer and marks the current entry', async () => {
    const { user } = signedIn('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(within(mainNav()).getByRole('link', { name: 'Trend Monitor' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trend Monitor' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Trend Monitor' })).toHaveAttribute('aria-current', 'page');
    expect(within(topBar()).getByText('Trend Monitor')).toBeInTheDocument();
    // The title is set by the top bar's effect, which may run a moment after the page's heading shows.
    await waitFor(() => expect(document.title).toBe('Trend Monitor · Automated Blog Poster'));
  });

  it('below md, hides the drawer behind a menu button and closes it after a choice', async () => {
    setWindowWidth(390);
    const { user } = signedIn('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(within(mainNav()).getByRole('link', { name: 'WordPress Sites' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'WordPress Sites' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    });
  });
});
