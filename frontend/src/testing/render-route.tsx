import { SIGNED_IN_MARKER, SIGNED_IN_MARKER_COOKIE } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';
import type { MockApi } from '@/testing/mock-api';

export type RenderedRoute = RenderResult & {
  /** The router's current address, to see where a click went. */
  location: () => string;
};

export type RenderRouteOptions = {
  /**
   * Whether the browser carries the gateway's signed-in marker, so the app asks `api` who is
   * signed in (true, the default: `api` answers, a user or a 401 as for a session that ended); a
   * visitor's browser that never signed in has none and asks nothing.
   */
  signedInMarker?: boolean;
};

/**
 * Renders the whole app at `path` as AppProvider and AppRouter compose it (the app's route table,
 * layout and a fresh query client), in memory instead of the browser's address bar, with `api`
 * answering every request.
 */
export function renderRoute(path: string, api: MockApi, options: RenderRouteOptions = {}): RenderedRoute {
  globalThis.fetch = api.fetch;
  document.cookie =
    options.signedInMarker === false
      ? `${SIGNED_IN_MARKER_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
      : `${SIGNED_IN_MARKER_COOKIE}=${SIGNED_IN_MARKER.signedIn}; path=/`;
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    ...rendered,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
