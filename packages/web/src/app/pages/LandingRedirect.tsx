import { useContext } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { firstPage } from '@herald/contract';
import { PermissionContext } from '../../lib/can';

/**
 * `/` after sign-in: a deep link kept through sign-in (redirect), an alert jump (needJump with
 * sn, eventId, alertTotal), or the first page for the user's permissions.
 */
export function LandingRedirect() {
  const held = useContext(PermissionContext);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  if (redirect?.startsWith('/') && !redirect.startsWith('//')) return <Navigate to={redirect} replace />;
  const sn = params.get('sn');
  if (params.get('needJump') && sn && held.has('herald.device.physical.list')) {
    const jump = new URLSearchParams({
      sn,
      eventId: params.get('eventId') ?? '',
      alertTotal: params.get('alertTotal') ?? '',
    });
    return <Navigate to={`/device/list/detail?${jump.toString()}`} replace />;
  }
  return <Navigate to={firstPage(held)} replace />;
}
