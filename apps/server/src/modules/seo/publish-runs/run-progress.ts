import type { PublishItemResult } from '@abp/contracts';
import type { PublishRunsRepository, SeoPublishRunRow } from './publish-runs.repository.js';

/** The run was cancelled while this worker carried it out: it stops before the next item. */
export class PublishRunCancelled extends Error {
  constructor() {
    super('The publish run was cancelled');
    this.name = 'PublishRunCancelled';
  }
}

/**
 * What a publish run has done so far, stored as it happens: the item results (so a resumed run
 * skips the items already pushed) and the warnings (each once, however often a run resumes).
 */
export class RunProgress {
  private readonly results = new Map<number, PublishItemResult>();

  constructor(
    private readonly repo: PublishRunsRepository,
    readonly run: SeoPublishRunRow,
    /** Called as each item is recorded: the runner renews its lease on the run (false: it is no longer held). */
    private readonly onRecord: () => Promise<boolean> = async () => true,
  ) {
    for (const result of run.results) this.results.set(result.id, result);
  }

  /** The item ids without a result yet, in the run's order. */
  get pending(): number[] {
    return this.run.itemIds.filter((id) => !this.results.has(id));
  }

  /** Ids of the items that reached WordPress (in this attempt or an earlier one). */
  get pushed(): number[] {
    return this.run.itemIds.filter((id) => {
      const result = this.results.get(id);
      return result !== undefined && (result.outcome === 'published' || result.outcome === 'draft');
    });
  }

  result(id: number): PublishItemResult | undefined {
    return this.results.get(id);
  }

  async record(result: PublishItemResult): Promise<void> {
    this.results.set(result.id, result);
    await this.repo.recordResult(this.run.id, result);
    if (!(await this.onRecord())) throw new PublishRunCancelled();
  }

  async warn(warning: string): Promise<void> {
    await this.repo.addWarning(this.run.id, warning);
  }
}
