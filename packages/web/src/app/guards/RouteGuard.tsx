import type { ReactNode } from 'react';
import { HOME_PATH, type FlatRoute } from '@herald/contract';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PermissionContext } from '../../lib/can';
import { toastWarning } from '../../lib/feedback';
import { useSession } from '../../lib/session-context';
import { NoPermissionPage } from '../pages/NoPermissionPage';
import { routeAllowed } from '../../lib/route-table';

/**
 * A direct URL to a page the user may not open shows the no-permission page, or, for the pages
 * the spec names (`deniedGoesHome`), warns and goes home as their buttons do.
 */
export function RouteGuard({ route, children }: { route: FlatRoute; children: ReactNode }) {
  const held = useContext(PermissionContext);
  const { side } = useSession();
  if (routeAllowed(route, held, side)) return children;
  return route.deniedGoesHome ? <WarnAndGoHome /> : <NoPermissionPage />;
}

function WarnAndGoHome() {
  const { t } = useTranslation();
  useEffect(() => toastWarning(t('device.noFeaturePermission')), [t]);
  return <Navigate to={HOME_PATH} replace />;
}
