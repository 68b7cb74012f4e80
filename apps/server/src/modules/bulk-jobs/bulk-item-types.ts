import type { BulkJobOptionsRow } from '../../db/schema/index.js';

/* What a run of one item reads and writes. */

export interface RefusalFigures {
  attempts: number;
  refusal_recovered: boolean;
  refusal_matches: string[];
}

export interface ItemOutcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  error?: string | null;
  wordpressPostId?: number | null;
  wordpressLink?: string | null;
  /** The article, when it was not recorded before (nothing to publish): stored with the outcome. */
  article?: RefusalFigures & { articleId: number };
}

/** What a run needs of its item and job. */
export interface ClaimedItem {
  id: number;
  jobId: string;
  topic: string;
  articleId: number | null;
  runs: number;
}

export interface ClaimedJob {
  id: string;
  siteId: number | null;
  taskType: string;
  options: BulkJobOptionsRow;
}
