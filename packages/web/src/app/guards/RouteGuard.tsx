import type { ReactNode } from 'react';
import type { FlatRoute } from '@herald/contract';
import { useContext } from 'react';
import { PermissionContext } from '../../lib/can';
import { useSession } from '../../lib/session-context';
import { NoPermissionPage } from '../pages/NoPermissionPage';
import { routeAllowed } from '../route-table';

/** A direct URL to a page the user may not open shows the no-permission page. */
export function RouteGuard({ route, children }: { route: FlatRoute; children: ReactNode }) {
  const held = useContext(PermissionContext);
  const { side } = useSession();
  return routeAllowed(route, held, side) ? children : <NoPermissionPage />;
}
