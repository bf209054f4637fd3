import { useContext, useEffect, useState } from 'react';
import { Spin } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { firstPage, devicesApi } from '@herald/contract';
import { call } from '../../lib/api-client';
import { PermissionContext } from '../../lib/can';
import { toastError, toastWarning } from '../../lib/feedback';

const DEVICE_LIST = 'herald.device.physical.list';

/**
 * `/` after sign-in: a deep link kept through sign-in (redirect), an alert jump (needJump with
 * sn, eventId, alertTotal), or the first page for the user's permissions.
 */
export function LandingRedirect() {
  const held = useContext(PermissionContext);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  if (redirect?.startsWith('/') && !redirect.startsWith('//')) return <Navigate to={redirect} replace />;
  const sn = params.get('sn')?.trim();
  const needJump = params.get('needJump');
  if (needJump && needJump !== '0' && needJump !== 'false' && sn && held.has(DEVICE_LIST)) {
    return <AlertJump sn={sn} eventId={params.get('eventId')} alertTotal={params.get('alertTotal')} />;
  }
  return <Navigate to={firstPage(held)} replace />;
}

/**
 * An alert link (needJump=1&sn=…&eventId=…&alertTotal=…): open the device with that S/N, tell how
 * many alerts it raised, and keep the event id on the detail page's address. An S/N the user
 * cannot see is 'Incorrect Device S/N' and the usual first page.
 */
function AlertJump({ sn, eventId, alertTotal }: { sn: string; eventId: string | null; alertTotal: string | null }) {
  const { t } = useTranslation();
  const held = useContext(PermissionContext);
  const [target, setTarget] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    call(devicesApi.list, { query: { sn, page: 1, pageSize: 50 } }, { silent: true })
      .then((page) => page.list.find((d) => d.sn === sn))
      .catch(() => undefined)
      .then((device) => {
        if (cancelled) return;
        if (!device) {
          toastError(t('error.snInvalid'));
          setTarget(firstPage(held));
          return;
        }
        const count = Number(alertTotal);
        if (Number.isInteger(count) && count > 0) toastWarning(t('alertJump.notice', { sn, count }));
        const query = new URLSearchParams({ id: String(device.id) });
        if (eventId) query.set('eventId', eventId);
        if (alertTotal) query.set('alertTotal', alertTotal);
        setTarget(`/device/list/detail?${query.toString()}`);
      });
    return () => {
      cancelled = true;
    };
  }, [sn, eventId, alertTotal, held, t]);

  if (target) return <Navigate to={target} replace />;
  return <Spin style={{ display: 'block', margin: '80px auto' }} data-testid="alert-jump" />;
}
