import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';
import type { MockApi } from '@/testing/mock-api';

export type RenderedRoute = RenderResult & {
  /** The router's current address, to see where a click went. */
  location: () => string;
};

/**
 * Renders the whole app at `path` as AppProvider and AppRouter compose it (the app's route table,
 * layout and a fresh query client), in memory instead of the browser's address bar, with `api`
 * answering every request.
 */
export function renderRoute(path: string, api: MockApi): RenderedRoute {
  globalThis.fetch = api.fetch;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    ...rendered,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
