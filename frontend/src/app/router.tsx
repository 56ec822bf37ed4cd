import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RootLayout } from '@/app/layout/root-layout';
import { AboutRoute } from '@/app/routes/about';
import { HomeRoute } from '@/app/routes/home';
import { MyVideosRoute } from '@/app/routes/my-videos';
import { NotFoundRoute } from '@/app/routes/not-found';
import { RouteError } from '@/app/routes/route-error';
import { SavedVideosRoute } from '@/app/routes/saved-videos';
import { VideoRoute } from '@/app/routes/video';
import { paths } from '@/config/paths';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown only while a lazily loaded screen opened directly by URL is still arriving.
    hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
    children: [
      {
        // A pathless boundary so a failing screen keeps the header and footer around it.
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <HomeRoute /> },
          { path: paths.about, element: <AboutRoute /> },
          {
            path: paths.login,
            lazy: async () => ({ Component: (await import('@/app/routes/login')).LoginRoute }),
          },
          {
            path: paths.register,
            lazy: async () => ({ Component: (await import('@/app/routes/register')).RegisterRoute }),
          },
          { path: paths.video(':id'), element: <VideoRoute /> },
          { path: paths.myVideos, element: <MyVideosRoute /> },
          { path: paths.savedVideos, element: <SavedVideosRoute /> },
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

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
