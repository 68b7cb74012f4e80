import { isLlmError, LlmError, RefusalRouting, withRefusalRouting } from '../../../integrations/llm/index.js';
import { detectRefusal } from '../../../lib/text/refusal-detector.js';
import { withUsageStep } from '../../usage/usage-scope.js';
import type { GenerationLogBuilder } from './generation-log.js';

/** Per-article refusal bookkeeping, reported as attempts, refusal_recovered and refusal_matches. */
export class RefusalTally {
  /** The most attempts any single step needed; 1 when nothing was refused. */
  attempts = 1;
  recovered = false;
  readonly matches: string[] = [];

  note(matches: readonly string[]): void {
    for (const match of matches)
      if (!this.matches.includes(match) && this.matches.length < 50) this.matches.push(match);
  }
}

export class RefusalNotRecoveredError extends LlmError {
  constructor(
    step: string,
    readonly matches: string[],
  ) {
    super('content_filter', `The model kept refusing "${step}" after recovery prompts: ${matches[0] ?? ''}`, {
      retryable: false,
    });
    this.name = 'RefusalNotRecoveredError';
  }
}

export interface AttemptOutcome<T> {
  /** Undefined when the answer could not be used at all (its text is still scanned). */
  value: T | undefined;
  /** What the refusal detector reads. */
  text: string;
}

export interface RecoveringStepOptions<T> {
  name: string;
  maxAttempts: number;
  log: GenerationLogBuilder;
  tally: RefusalTally;
  now: () => number;
  /** `refusedWith` is set on a retry after a refusal, so the prompt can carry a recovery preamble. */
  attempt: (refusedWith: string[] | undefined, attemptNumber: number) => Promise<AttemptOutcome<T>>;
}

/** A provider that refused a step this many times in words is passed over for the next one of its chain. */
export const REFUSALS_BEFORE_NEXT_PROVIDER = 2;

/**
 * Runs one writing step; when the answer is a refusal or a hedge (or the provider's content
 * filter stopped it) the step is retried with a recovery prompt, up to `maxAttempts` in all.
 * With fallback providers, a provider that refused twice hands the step to the next one, which
 * gets its own two attempts.
 */
export async function runRecoveringStep<T>(options: RecoveringStepOptions<T>): Promise<T> {
  const { name, log, tally, now } = options;
  const routing = new RefusalRouting();
  let refusedWith: string[] | undefined;
  let refusalsByThisProvider = 0;
  let limit = options.maxAttempts;
  for (let attemptNumber = 1; attemptNumber <= limit; attemptNumber++) {
    const started = now();
    const label = attemptNumber === 1 ? name : `${name} (attempt ${attemptNumber})`;
    let outcome: AttemptOutcome<T>;
    try {
      // The attempt's model calls are shown on its line of the Generation log.
      outcome = await withRefusalRouting(routing, () =>
        withUsageStep(label, () => options.attempt(refusedWith, attemptNumber)),
      );
    } catch (error) {
      if (isLlmError(error) && error.kind === 'content_filter') {
        // A provider-side filter is a refusal by other means; a reworded request often passes.
        refusedWith = [`[content filter] ${error.message}`];
        tally.note(refusedWith);
        log.record(label, 'refused', now() - started, error.message);
        continue;
      }
      log.record(label, 'failed', now() - started, error instanceof Error ? error.message : String(error));
      throw error;
    }
    const scan = detectRefusal(outcome.text);
    if (scan.refused) {
      refusedWith = scan.matches;
      tally.note(scan.matches);
      let detail = `refusal or hedge: ${scan.matches[0] ?? ''}`;
      refusalsByThisProvider++;
      const refusedBy = routing.lastAnswered?.label;
      if (refusalsByThisProvider >= REFUSALS_BEFORE_NEXT_PROVIDER && routing.moveOn()) {
        detail += ` (${refusedBy} refused ${refusalsByThisProvider} times: the next provider takes the step)`;
        refusalsByThisProvider = 0;
        limit = Math.max(limit, attemptNumber + REFUSALS_BEFORE_NEXT_PROVIDER);
      }
      log.record(label, 'refused', now() - started, detail);
      continue;
    }
    if (outcome.value === undefined) {
      const error = new LlmError('bad_output', `Unusable answer for "${name}"`, {
        retryable: false,
        rawText: outcome.text,
      });
      log.record(label, 'failed', now() - started, error.message);
      throw error;
    }
    log.record(label, 'success', now() - started);
    tally.attempts = Math.max(tally.attempts, attemptNumber);
    if (attemptNumber > 1) tally.recovered = true;
    return outcome.value;
  }
  tally.attempts = Math.max(tally.attempts, limit);
  throw new RefusalNotRecoveredError(name, refusedWith ?? []);
}
