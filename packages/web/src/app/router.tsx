import { Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate } from 'react-router';
import { DeviceCardPage } from '../features/device-card/pages/DeviceCardPage';
import { setNavigator } from '../lib/navigation';
import { AuthGate } from './guards/AuthGate';
import { RouteGuard } from './guards/RouteGuard';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { pageFor } from './page-registry';
import { PAGE_ROUTES } from '../lib/route-table';
import { ActivationPage } from './pages/ActivationPage';
import { LandingRedirect } from './pages/LandingRedirect';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RedirectPage } from './pages/RedirectPage';
import { UnauthorizedPage } from './pages/UnauthorizedPage';
import { UpPasswordPage } from './pages/UpPasswordPage';

const loading = <Spin style={{ display: 'block', margin: '80px auto' }} />;
const suspended = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

function page(name: string) {
  const Page = pageFor(name);
  return suspended(<Page />);
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/activation', element: <ActivationPage /> },
  // where a device's QR code leads: public, outside the console's sign-in
  { path: '/d/:sn', element: <DeviceCardPage /> },
  { path: '/401', element: <UnauthorizedPage /> },
  { path: '/404', element: <NotFoundPage /> },
  {
    element: <AuthGate />,
    children: [
      { path: '/up-password', element: <UpPasswordPage /> },
      {
        element: <ConsoleLayout />,
        children: [
          { path: '/', element: <LandingRedirect /> },
          { path: '/redirect/*', element: <RedirectPage /> },
          { path: '/user-center/account-info', element: page('userCenter') },
          // the spec writes this route with a blank; a link or bookmark in its words still arrives
          { path: '/system/speak test', element: <Navigate to="/system/speak-test" replace /> },
          { path: '/msg/list', element: page('msg.list') },
          { path: '/msg/list/detail', element: page('msg.detail') },
          { path: '/msg/list/detail-sys', element: page('msg.detailSys') },
          { path: '/help', element: page('help') },
          ...PAGE_ROUTES.map((r) => ({ path: r.path, element: <RouteGuard route={r}>{page(r.name)}</RouteGuard> })),
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);

setNavigator((to, opts) => void router.navigate(to, opts));
