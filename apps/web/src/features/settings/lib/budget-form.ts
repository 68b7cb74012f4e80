import type { Budgets, BudgetsUpdate } from '@abp/contracts';

/** Inputs hold text: an empty overall budget means none. */
export interface BudgetFormValues {
  monthly_usd: string;
  /** Above this estimate a start asks first (issue #37: shown, so that the operator knows where it is set). */
  confirm_above_usd: string;
  sites: { site_id: string; monthly_usd: string }[];
}

export function toBudgetFormValues(budgets: Budgets): BudgetFormValues {
  return {
    monthly_usd: budgets.monthly_usd === null ? '' : String(budgets.monthly_usd),
    confirm_above_usd: String(budgets.confirm_above_usd),
    sites: budgets.sites.map((site) => ({ site_id: String(site.site_id), monthly_usd: String(site.monthly_usd) })),
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function toBudgetUpdateBody(values: BudgetFormValues): BudgetsUpdate {
  return {
    monthly_usd: values.monthly_usd.trim() === '' ? null : toNumber(values.monthly_usd),
    confirm_above_usd: toNumber(values.confirm_above_usd),
    sites: values.sites.map((site) => ({ site_id: toNumber(site.site_id), monthly_usd: toNumber(site.monthly_usd) })),
  };
}

type BudgetField = 'monthly_usd' | 'confirm_above_usd' | 'sites' | `sites.${number}.${'site_id' | 'monthly_usd'}`;

/** body.sites.1.monthly_usd → sites.1.monthly_usd; body.sites (one budget per site) → sites */
export function budgetFieldOf(path: string): BudgetField | null {
  const name = path.replace(/^body\./, '');
  if (name === 'monthly_usd' || name === 'confirm_above_usd' || name === 'sites') return name;
  const match = /^sites\.(\d+)\.(site_id|monthly_usd)$/.exec(name);
  return match ? (`sites.${Number(match[1])}.${match[2]}` as BudgetField) : null;
}
