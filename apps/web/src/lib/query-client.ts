import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_QUERY_RETRIES = 2;

/**
 * Client errors (4xx) will not fix themselves, so only network failures and 5xx are retried.
 * Mutations are never retried: a repeated POST could create things twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < MAX_QUERY_RETRIES;
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
