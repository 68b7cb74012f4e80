import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { llmSettingsQueryKey } from '../../../lib/llm-settings-query';
import { createQueryClient } from '../../../lib/query-client';
import { fallbacksQueryKey } from '../../../lib/resources/fallback-providers';
import { llmSettings } from '../../../test/llm-settings';
import { server } from '../../../test/msw-server';
import { modelPrices, usageSummary } from '../../../test/usage';
import { modelPricesQueryKey, useSaveModelPrices } from './model-prices';
import { useResetLlmSettings } from './reset-llm-settings';
import { useSaveLlmSettings } from './save-llm-settings';

// Issue #37 point 7: after a save, the sections that depend on it are read again at once
// (after switching provider the prices section said the offline writer was in use until a reload).

function withCache() {
  const queryClient = createQueryClient();
  // What the screens hold before the save: the prices, the fallbacks, this month's spend, the checklist.
  queryClient.setQueryData(modelPricesQueryKey, modelPrices());
  queryClient.setQueryData(fallbacksQueryKey, { fallbacks: [] });
  queryClient.setQueryData(['usage', 'UTC'], usageSummary());
  queryClient.setQueryData(['dashboard', 'getting-started'], { steps: [], complete: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, wrapper, invalidated };
}

describe('a Settings save refreshes what depends on it', () => {
  // Each hook's mutate, as one shape: the body of a save, nothing for a reset.
  const useSave = () => {
    const mutation = useSaveLlmSettings();
    return { mutateAsync: (body: unknown) => mutation.mutateAsync(body as { provider: 'openai-compatible' }) };
  };
  const useReset = () => {
    const mutation = useResetLlmSettings();
    return { mutateAsync: () => mutation.mutateAsync() };
  };
  it.each([
    ['saving', useSave, { provider: 'openai-compatible', model: 'llama3.1' }],
    ['resetting', useReset, undefined],
  ] as const)(
    '%s the language model marks the prices, fallbacks, spend and checklist out of date',
    async (_, hook, body) => {
      server.use(
        http.put('/api/settings/llm', () => HttpResponse.json(llmSettings({ provider: 'openai-compatible' }))),
        http.delete('/api/settings/llm', () => HttpResponse.json(llmSettings())),
      );
      const { wrapper, invalidated, queryClient } = withCache();
      const { result } = renderHook(hook, { wrapper });
      await act(async () => {
        await result.current.mutateAsync(body);
      });
      expect(invalidated(modelPricesQueryKey)).toBe(true);
      expect(invalidated(fallbacksQueryKey)).toBe(true);
      expect(invalidated(['usage', 'UTC'])).toBe(true);
      expect(invalidated(['dashboard', 'getting-started'])).toBe(true);
      // The settings themselves are the answer of the save, not read again.
      expect(invalidated(llmSettingsQueryKey)).toBe(false);
      expect(queryClient.getQueryData(llmSettingsQueryKey)).toMatchObject({ provider: expect.any(String) });
    },
  );

  it('saving prices marks estimates and spend out of date', async () => {
    server.use(http.put('/api/settings/prices', () => HttpResponse.json(modelPrices())));
    const { wrapper, invalidated } = withCache();
    const { result } = renderHook(() => useSaveModelPrices(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ prices: [] });
    });
    expect(invalidated(['usage', 'UTC'])).toBe(true);
  });
});
