import type { CheckOutcome, Details } from './connection-probes.js';
import { isWordPressError } from './errors.js';
import { type AdviceContext, recommendationsFor } from './recommendations.js';

export interface ConnectionCheck {
  success: boolean;
  /** Milliseconds the check took, including every request it made. */
  response_time: number;
  error: string | null;
  details: Details;
}

/**
 * 'required' checks decide the overall verdict; 'warning' checks (unfiltered_html) lower the
 * success rate and add advice, but a site that fails only them can still publish.
 */
export type CheckSeverity = 'required' | 'warning';

/** Runs checks one after another, timing each and turning failures into advice. */
export class CheckRecorder {
  readonly tests: Record<string, ConnectionCheck> = {};
  readonly #severity = new Map<string, CheckSeverity>();
  readonly #recommendations = new Set<string>();

  constructor(readonly advice: AdviceContext) {}

  /** Runs one check; returns whether it passed. Never throws. */
  async run(
    name: string,
    check: (details: Details) => Promise<CheckOutcome>,
    severity: CheckSeverity = 'required',
  ): Promise<boolean> {
    const details: Details = { severity };
    const start = performance.now();
    let success = false;
    let error: string | null = null;
    try {
      const outcome = await check(details);
      success = outcome.success;
      error = outcome.error ?? null;
    } catch (thrown) {
      if (isWordPressError(thrown)) {
        error = thrown.message;
        Object.assign(details, {
          kind: thrown.kind,
          status: thrown.status,
          wp_code: thrown.wpCode,
          advice: thrown.advice,
        });
        if (thrown.location) details.location = thrown.location;
        this.recommend(...recommendationsFor(name, thrown, this.advice));
      } else {
        // A bug of ours must not pass for a site problem, but must not crash the test either.
        error = `Unexpected error: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
      }
    }
    this.#severity.set(name, severity);
    this.tests[name] = { success, response_time: Math.round(performance.now() - start), error, details };
    return success;
  }

  /** Records a check that could not run because an earlier one failed; it counts as failed. */
  skip(name: string, reason: string, severity: CheckSeverity = 'required'): void {
    this.#severity.set(name, severity);
    this.tests[name] = {
      success: false,
      response_time: 0,
      error: `Skipped: ${reason}`,
      details: { severity, skipped: true },
    };
  }

  recommend(...texts: string[]): void {
    for (const text of texts) this.#recommendations.add(text);
  }

  get recommendations(): string[] {
    return [...this.#recommendations];
  }

  /** Fraction of all checks (warnings included) that passed, 0–1 with two decimals. */
  get successRate(): number {
    const all = Object.values(this.tests);
    if (all.length === 0) return 0;
    return Math.round((all.filter((t) => t.success).length / all.length) * 100) / 100;
  }

  /** Every required check passed. */
  get success(): boolean {
    const entries = Object.entries(this.tests);
    return entries.length > 0 && entries.every(([name, t]) => t.success || this.#severity.get(name) === 'warning');
  }
}
