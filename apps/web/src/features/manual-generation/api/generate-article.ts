import {
  type ManualGenerateRequestInput,
  type ManualGenerationResult,
  manualGenerateResponseSchema,
  type SecureGenerateResponse,
  secureGenerateResponseSchema,
} from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotency } from '../../../lib/api-client';

/*
 * One article can take minutes with a real model; the client's standard 150 s timeout applies
 * and the server stops a little before it with a clear reason.
 */
export interface GenerateRequest {
  body: ManualGenerateRequestInput;
  /** One per submission: a second click or a retried request makes no second article. */
  idempotencyKey?: string;
}

export async function generateArticle({ body, idempotencyKey }: GenerateRequest): Promise<ManualGenerationResult> {
  const response = await api.post('/api/manual/generate', body, {
    schema: manualGenerateResponseSchema,
    ...idempotency(idempotencyKey),
  });
  return response.data;
}

/** The secure variant's flat payload, answered with success and message. */
export function generateArticleSecure({ body, idempotencyKey }: GenerateRequest): Promise<SecureGenerateResponse> {
  return api.post('/api/manual/generate', body, {
    schema: secureGenerateResponseSchema,
    ...idempotency(idempotencyKey),
  });
}

// A new article changes the Articles list and the dashboard counts.
const invalidateArticles = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['articles'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);

export function useGenerateArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateArticle, onSuccess: () => invalidateArticles(queryClient) });
}

export function useGenerateArticleSecure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateArticleSecure, onSuccess: () => invalidateArticles(queryClient) });
}
