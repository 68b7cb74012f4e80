import {
  type BlogConfigBudgetPause,
  BUDGET_WARN_PERCENT,
  type BudgetOverride,
  type BudgetRoom,
  type BudgetState,
  type Budgets,
  type BudgetsUpdate,
  DEFAULT_CONFIRM_ABOVE_USD,
} from '@abp/contracts';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import type { UsageRepository } from './usage.repository.js';
import { nanosToUsd } from './usage-types.js';

const BUDGETS_KEY = 'budgets';
const storedBudgetsSchema = z.object({
  monthlyUsd: z.number().nullable(),
  confirmAboveUsd: z.number().default(DEFAULT_CONFIRM_ABOVE_USD),
  sites: z.array(z.object({ siteId: z.number().int(), monthlyUsd: z.number() })),
  /** Budgets allowed to go on past their limit, each for one month (its first day, YYYY-MM-DD). */
  overrides: z.array(z.object({ siteId: z.number().int().nullable(), month: z.string() })),
});
type StoredBudgets = z.infer<typeof storedBudgetsSchema>;
const NONE: StoredBudgets = { monthlyUsd: null, confirmAboveUsd: DEFAULT_CONFIRM_ABOVE_USD, sites: [], overrides: [] };

const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const HOW_TO_GO_ON = 'Raise it or override it for this month in Settings → Budgets.';

/**
 * Monthly budgets (issue #16): for all sites together and per site, counted from the usage ledger
 * in the server's time zone. A reached budget stops new work for its sites — schedules and trend
 * checks pause, bulk and manual starts are refused, units not yet started are not written —
 * until it is raised, the month ends, or the operator overrides it once for the month.
 */
export class BudgetsService {
  constructor(
    private readonly repo: UsageRepository,
    private readonly settings: SettingsRepository,
    private readonly timeZone: string,
  ) {}

  async get(): Promise<Budgets> {
    const stored = await this.load();
    const { states, monthStart, names } = await this.evaluate(stored);
    return {
      monthly_usd: stored.monthlyUsd,
      confirm_above_usd: stored.confirmAboveUsd,
      sites: stored.sites.map((site) => ({
        site_id: site.siteId,
        site_name: names.get(site.siteId) ?? `Site ${site.siteId}`,
        monthly_usd: site.monthlyUsd,
      })),
      month_start: monthStart,
      states,
    };
  }

  async update(input: BudgetsUpdate): Promise<Budgets> {
    const current = await this.load();
    const names = await this.repo.siteNames(input.sites.map((site) => site.site_id));
    const unknown = input.sites.findIndex((site) => !names.has(site.site_id));
    if (unknown >= 0)
      throw badRequest(`sites.${unknown}.site_id`, `no site with id ${input.sites[unknown]!.site_id} exists`);
    await this.settings.put(BUDGETS_KEY, {
      monthlyUsd: input.monthly_usd,
      confirmAboveUsd: input.confirm_above_usd ?? current.confirmAboveUsd,
      sites: input.sites.map((site) => ({ siteId: site.site_id, monthlyUsd: site.monthly_usd })),
      overrides: current.overrides,
    } satisfies StoredBudgets);
    return this.get();
  }

  /** Lets a reached budget go on for the rest of this month (a new month, or a raise, makes it count again). */
  async override(input: BudgetOverride): Promise<Budgets> {
    const current = await this.load();
    const siteId = input.site_id;
    if (siteId === null ? current.monthlyUsd === null : !current.sites.some((site) => site.siteId === siteId)) {
      throw badRequest(
        'site_id',
        siteId === null ? 'there is no budget for all sites to override' : `site ${siteId} has no budget to override`,
      );
    }
    const month = (await this.repo.monthStart(this.timeZone)).date;
    const overrides = [
      ...current.overrides.filter((entry) => entry.month === month && entry.siteId !== siteId),
      { siteId, month },
    ];
    await this.settings.put(BUDGETS_KEY, { ...current, overrides } satisfies StoredBudgets);
    return this.get();
  }

  /** Above this estimate a start asks for confirmation. */
  async confirmAboveUsd(): Promise<number> {
    return (await this.load()).confirmAboveUsd;
  }

  /** Why new work for the site must wait (a reached budget's message), or null when it may go on. */
  async blockFor(siteId: number | null): Promise<string | null> {
    const stored = await this.load();
    if (stored.monthlyUsd === null && !stored.sites.some((site) => site.siteId === siteId)) return null;
    const { states } = await this.evaluate(stored, siteId);
    return (
      states.find((state) => state.state === 'reached' && (state.site_id === null || state.site_id === siteId))
        ?.message ?? null
    );
  }

  /**
   * What is left this month of each budget new work for the site touches (the site's own and the one
   * for all sites; an overridden one does not hold), and whether `costUsd` more would cross it (issue #37).
   */
  async roomsFor(siteId: number | null, costUsd: number): Promise<BudgetRoom[]> {
    const stored = await this.load();
    const { states } = await this.evaluate(stored, siteId);
    return states
      .filter((state) => state.state !== 'overridden' && (state.site_id === null || state.site_id === siteId))
      .map((state) => {
        const remaining = Math.max(0, Math.round((state.limit_usd - state.spent_usd) * 1e9) / 1e9);
        return {
          site_id: state.site_id,
          name: state.name,
          limit_usd: state.limit_usd,
          spent_usd: state.spent_usd,
          remaining_usd: remaining,
          // Already reached, or reached by this work (a reached budget's start is refused anyway).
          crosses: state.spent_usd + costUsd > state.limit_usd || state.spent_usd >= state.limit_usd,
        };
      });
  }

  /**
   * The budgets that hold new work for the site this month (overridden ones do not), with their
   * names; null when none does. What BudgetGate judges a unit's reservation against.
   */
  async limitsFor(siteId: number | null): Promise<{ monthStart: Date; limits: BudgetLimit[] } | null> {
    const stored = await this.load();
    const site = stored.sites.find((entry) => entry.siteId === siteId);
    if (stored.monthlyUsd === null && !site) return null;
    const month = await this.repo.monthStart(this.timeZone);
    const overridden = (id: number | null) =>
      stored.overrides.some((entry) => entry.month === month.date && entry.siteId === id);
    const limits: BudgetLimit[] = [];
    if (stored.monthlyUsd !== null && !overridden(null))
      limits.push({ siteId: null, name: 'All sites', limitUsd: stored.monthlyUsd });
    if (site && !overridden(site.siteId)) {
      const names = await this.repo.siteNames([site.siteId]);
      limits.push({
        siteId: site.siteId,
        name: names.get(site.siteId) ?? `Site ${site.siteId}`,
        limitUsd: site.monthlyUsd,
      });
    }
    return limits.length > 0 ? { monthStart: month.at, limits } : null;
  }

  /**
   * For each of these sites whose new work a reached budget holds (its own, else the one for all
   * sites; not overridden): the budget's message, since when it is reached, and when the month ends.
   */
  async pausesFor(siteIds: readonly number[]): Promise<Map<number, BlogConfigBudgetPause>> {
    const pauses = new Map<number, BlogConfigBudgetPause>();
    const stored = await this.load();
    if (siteIds.length === 0 || (stored.monthlyUsd === null && stored.sites.length === 0)) return pauses;
    const month = await this.repo.monthStart(this.timeZone);
    const { states } = await this.evaluate({
      ...stored,
      sites: stored.sites.filter((site) => siteIds.includes(site.siteId)),
    });
    const pauseOf = async (state: BudgetState): Promise<BlogConfigBudgetPause> => {
      const limitNanos = Math.round(state.limit_usd * 1e9);
      // A budget of $0 allows nothing: it holds from the month's start.
      const since =
        limitNanos <= 0 ? month.at : ((await this.repo.reachedAt(month.at, limitNanos, state.site_id)) ?? month.at);
      return { message: state.message ?? '', since: since.toISOString(), resumes_at: month.next.toISOString() };
    };
    const reached = states.filter((state) => state.state === 'reached');
    const all = reached.find((state) => state.site_id === null);
    const allPause = all ? await pauseOf(all) : null;
    for (const siteId of siteIds) {
      const own = reached.find((state) => state.site_id === siteId);
      const pause = own ? await pauseOf(own) : allPause;
      if (pause) pauses.set(siteId, pause);
    }
    return pauses;
  }

  /** The budgets' states this month, and the names of the sites they are for. */
  private async evaluate(
    stored: StoredBudgets,
    onlySite?: number | null,
  ): Promise<{ states: BudgetState[]; monthStart: string; names: Map<number, string> }> {
    const month = await this.repo.monthStart(this.timeZone);
    const sites = onlySite === undefined ? stored.sites : stored.sites.filter((site) => site.siteId === onlySite);
    let names = new Map<number, string>();
    if (stored.monthlyUsd === null && sites.length === 0) return { states: [], monthStart: month.date, names };
    const overridden = (siteId: number | null) =>
      stored.overrides.some((entry) => entry.month === month.date && entry.siteId === siteId);
    const states: BudgetState[] = [];
    if (stored.monthlyUsd !== null) {
      const spent = nanosToUsd((await this.repo.since(month.at)).costNanos);
      states.push(stateOf(null, 'All sites', stored.monthlyUsd, spent, overridden(null)));
    }
    if (sites.length > 0) {
      const perSite = new Map((await this.repo.perSiteSince(month.at)).map((row) => [row.siteId, row]));
      names = await this.repo.siteNames(sites.map((site) => site.siteId));
      for (const site of sites) {
        const spent = nanosToUsd(perSite.get(site.siteId)?.costNanos ?? 0);
        states.push(
          stateOf(
            site.siteId,
            names.get(site.siteId) ?? `Site ${site.siteId}`,
            site.monthlyUsd,
            spent,
            overridden(site.siteId),
          ),
        );
      }
    }
    return { states, monthStart: month.date, names };
  }

  private async load(): Promise<StoredBudgets> {
    const row = await this.settings.get(BUDGETS_KEY);
    const parsed = storedBudgetsSchema.safeParse(row?.value);
    // A row this version cannot read counts as no budgets rather than stopping all work.
    return parsed.success ? parsed.data : NONE;
  }
}

/** One budget that holds a site's new work: its site (null: all sites), name and limit in dollars. */
export interface BudgetLimit {
  siteId: number | null;
  name: string;
  limitUsd: number;
}

const whoseBudget = (siteId: number | null, name: string) =>
  siteId === null ? 'The monthly budget for all sites' : `The monthly budget of ${name}`;

/** Why new work waits for a reached budget, and how to let it go on. */
export function reachedMessage(budget: BudgetLimit, spent: number): string {
  return `${whoseBudget(budget.siteId, budget.name)} (${usd(budget.limitUsd)}) is reached: ${usd(spent)} spent. New articles for ${budget.siteId === null ? 'all sites' : budget.name} wait. ${HOW_TO_GO_ON}`;
}

/** Why a unit waits while the articles being written may use up what is left of a budget. */
export function takenMessage(budget: BudgetLimit, spent: number, reserved: number, units: number): string {
  return (
    `${whoseBudget(budget.siteId, budget.name)} (${usd(budget.limitUsd)}) is taken by the articles being written: ${usd(spent)} spent and ${usd(reserved)} ` +
    `expected for ${units} ${units === 1 ? 'article' : 'articles'} under way. This article starts once they are done, if the budget still allows.`
  );
}

function stateOf(siteId: number | null, name: string, limit: number, spent: number, overridden: boolean): BudgetState {
  const percent = limit > 0 ? Math.floor((spent / limit) * 100) : spent > 0 ? 100 : 0;
  // A budget of $0 allows nothing: reached from the start.
  const reached = spent >= limit;
  const whose = whoseBudget(siteId, name);
  const base = { site_id: siteId, name, limit_usd: limit, spent_usd: spent, percent };
  if (reached && overridden)
    return {
      ...base,
      state: 'overridden',
      message: `${whose} (${usd(limit)}) is reached: ${usd(spent)} spent, allowed to go on this month.`,
    };
  if (reached) return { ...base, state: 'reached', message: reachedMessage({ siteId, name, limitUsd: limit }, spent) };
  if (percent >= BUDGET_WARN_PERCENT)
    return { ...base, state: 'warning', message: `${whose} is ${percent} % used: ${usd(spent)} of ${usd(limit)}.` };
  return { ...base, state: 'ok', message: null };
}
