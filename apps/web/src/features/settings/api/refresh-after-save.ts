import type { QueryClient } from '@tanstack/react-query';
import { llmSettingsQueryKey } from '../../../lib/llm-settings-query';
import { modelPricesQueryKey } from './model-prices';

/*
 * Issue #37 point 7: after a save, the sections that show what it changed are read again at once
 * (after switching provider the prices section said the offline writer was in use until a reload).
 */

/** The language model changed: the price charged now, the chain's health, cost estimates and the checklist follow it. */
export function refreshAfterLlmChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: modelPricesQueryKey }),
    // The fallbacks and the chain's health live under the language model's key; the settings themselves were just set.
    queryClient.invalidateQueries({
      queryKey: llmSettingsQueryKey,
      predicate: (query) => query.queryKey.length > llmSettingsQueryKey.length,
    }),
    queryClient.invalidateQueries({ queryKey: ['usage'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
