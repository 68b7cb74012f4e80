/* What the end of an item's unit writes on the item. */

export interface ItemOutcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  error?: string | null;
  /** The item's article: its refusal figures are copied onto the item with it. */
  articleId?: number | null;
  wordpressPostId?: number | null;
  wordpressLink?: string | null;
}

/** The stage a bulk job shows while an item waits for the provider's rate limit. */
export const RATE_LIMITED_STAGE = "Waiting for the model's rate limit";
