import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";

/** A 4xx will answer the same the second time; only network failures and 5xx are worth a retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

// Every call fails with an ApiError (api-client.ts): queries and mutations are typed so without saying it each time.
declare module "@tanstack/react-query" {
  interface Register {
    defaultError: ApiError;
  }
}
