import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RootLayout } from '@/app/layout/root-layout';
import { HomeRoute } from '@/app/routes/home';
import { NotFoundRoute } from '@/app/routes/not-found';
import { RouteError } from '@/app/routes/route-error';
import { videoPageLoader } from '@/app/routes/video-loader';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';

/** The app's screens; `client` is the query client they read, which a loader may fill ahead of them. */
export const createRoutes = (client: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A pathless boundary so a failing screen keeps the header and footer around it.
        errorElement: <RouteError />,
        // Shown only while a lazily loaded screen opened directly by URL is still arriving; here,
        // under the layout, so the header is on screen meanwhile.
        hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
        children: [
          { path: paths.home, element: <HomeRoute /> },
          {
            path: paths.about,
            lazy: async () => ({ Component: (await import('@/app/routes/about')).AboutRoute }),
          },
          {
            path: paths.login,
            lazy: async () => ({ Component: (await import('@/app/routes/login')).LoginRoute }),
          },
          {
            path: paths.register,
            lazy: async () => ({ Component: (await import('@/app/routes/register')).RegisterRoute }),
          },
          {
            path: paths.video(':id'),
            loader: videoPageLoader(client),
            lazy: async () => ({ Component: (await import('@/app/routes/video')).VideoRoute }),
          },
          {
            path: paths.myVideos,
            lazy: async () => ({ Component: (await import('@/app/routes/my-videos')).MyVideosRoute }),
          },
          {
            path: paths.savedVideos,
            lazy: async () => ({ Component: (await import('@/app/routes/saved-videos')).SavedVideosRoute }),
          },
          {
            path: paths.profile(':userId'),
            lazy: async () => ({ Component: (await import('@/app/routes/profile')).ProfileRoute }),
          },
          {
            path: paths.compare,
            lazy: async () => ({ Component: (await import('@/app/routes/compare')).CompareRoute }),
          },
          {
            path: paths.admin,
            lazy: async () => ({ Component: (await import('@/app/routes/admin')).AdminRoute }),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(createRoutes(queryClient));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
