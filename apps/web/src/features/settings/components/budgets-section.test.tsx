import type { BudgetState, Budgets, BudgetsUpdate } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { budgets as noBudgets } from '../../../test/usage';
import { BudgetsSection } from './budgets-section';

const reached: BudgetState = {
  site_id: 1,
  name: 'Garden Blog',
  limit_usd: 10,
  spent_usd: 10.5,
  percent: 105,
  state: 'reached',
  message:
    'The monthly budget of Garden Blog ($10.00) is reached: $10.50 spent. New articles for Garden Blog wait. Raise it or override it for this month in Settings → Budgets.',
};

function showSection(initial: Budgets = noBudgets()) {
  const puts: BudgetsUpdate[] = [];
  const overrides: unknown[] = [];
  let current = initial;
  server.use(
    http.get('/api/sites', () =>
      HttpResponse.json([makeSite({ id: 1, name: 'Garden Blog' }), makeSite({ id: 2, name: 'Kitchen Blog' })]),
    ),
    http.get('/api/settings/budgets', () => HttpResponse.json(current)),
    http.put('/api/settings/budgets', async ({ request }) => {
      const body = (await request.json()) as BudgetsUpdate;
      puts.push(body);
      current = {
        ...current,
        monthly_usd: body.monthly_usd,
        sites: body.sites.map((site) => ({ ...site, site_name: site.site_id === 1 ? 'Garden Blog' : 'Kitchen Blog' })),
      };
      return HttpResponse.json(current);
    }),
    http.post('/api/settings/budgets/override', async ({ request }) => {
      overrides.push(await request.json());
      current = {
        ...current,
        states: current.states.map((state) => ({
          ...state,
          state: 'overridden' as const,
          message: 'The monthly budget of Garden Blog ($10.00) is reached: $10.50 spent, allowed to go on this month.',
        })),
      };
      return HttpResponse.json(current);
    }),
  );
  const view = renderRoutes([{ path: '/', element: <BudgetsSection /> }]);
  return { ...view, puts, overrides };
}

describe('Settings → Budgets (issue #16)', () => {
  it('sets an overall budget and one for a site, sent as numbers', async () => {
    const { user, puts } = showSection();
    const form = await screen.findByRole('form', { name: 'Budgets' });
    await user.type(within(form).getByRole('textbox', { name: 'Monthly budget, all sites' }), '50');
    await user.click(within(form).getByRole('button', { name: 'Add site budget' }));
    const row = within(form).getByRole('group', { name: 'Site budget 1' });
    await user.type(within(row).getByRole('textbox', { name: 'Monthly budget' }), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Save budgets' }));
    expect(await screen.findByText('Budgets saved')).toBeInTheDocument();
    // The confirmation threshold is a field of the form since issue #37: sent as it stands ($1 unless changed).
    expect(puts).toEqual([{ monthly_usd: 50, confirm_above_usd: 1, sites: [{ site_id: 1, monthly_usd: 12.5 }] }]);
  });

  it('refuses fractions of a cent on the field, sending nothing', async () => {
    const { user, puts } = showSection();
    const form = await screen.findByRole('form', { name: 'Budgets' });
    await user.type(within(form).getByRole('textbox', { name: 'Monthly budget, all sites' }), '5.001');
    await user.click(within(form).getByRole('button', { name: 'Save budgets' }));
    expect(await within(form).findByText('at most 2 decimals (cents)')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('shows what each budget used this month, and overrides a reached one for the month', async () => {
    const { user, overrides } = showSection(
      noBudgets({ sites: [{ site_id: 1, site_name: 'Garden Blog', monthly_usd: 10 }], states: [reached] }),
    );
    const line = await screen.findByRole('group', { name: 'Budget of Garden Blog' });
    expect(within(line).getByText('$10.50 of $10.00 (105 %)')).toBeInTheDocument();
    expect(within(line).getByText(/New articles for Garden Blog wait/)).toBeInTheDocument();
    await user.click(within(line).getByRole('button', { name: 'Override this month' }));
    expect(await screen.findByText('Garden Blog: the budget is overridden for this month')).toBeInTheDocument();
    expect(overrides).toEqual([{ site_id: 1 }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Budget of Garden Blog' })).queryByRole('button', {
          name: 'Override this month',
        }),
      ).not.toBeInTheDocument(),
    );
  });
});
