import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Default loader: a GET on the first element of the query key (e.g. ['/api/categories']). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [url] = queryKey;
    if (typeof url !== 'string') {
      throw new Error('The first element of the query key must be the URL to load.');
    }
    if (options.on401 === 'returnNull') {
      return apiRequest<T>('GET', url, { signal, on401: 'returnNull' });
    }
    return apiRequest<T>('GET', url, { signal });
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
