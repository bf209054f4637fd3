import { useEffect, useMemo, useState } from 'react';
import { Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AUTH_RETRY_MAX } from '../../lib/config';
import { ApiError } from '../../lib/http';
import { PermissionContext } from '../../lib/can';
import { SessionContext, sideOf, type Session } from '../../lib/session-context';
import { clearAuthCode, getAuthCode, getAuthCount, getToken, setAuthCount } from '../../lib/session-storage';
import { exchangeCode, scheduleRefresh } from '../../lib/token';
import { currentUserQuery } from '../session/auth-api';
import { LiveProvider } from '../../lib/live';
import { NoPermissionsAssignedPage } from '../pages/NoPermissionsAssignedPage';

const spinner = <Spin size="large" style={{ display: 'block', margin: '120px auto' }} data-testid="auth-loading" />;

/**
 * On route entry: use the stored token, or exchange the stored authorisation code (up to 3
 * tries, then /401), or send the visitor to sign-in. Then load the current user.
 */
function useToken(): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => Boolean(getToken()));

  useEffect(() => {
    if (getToken()) {
      scheduleRefresh();
      return;
    }
    const code = getAuthCode();
    if (!code) {
      const back =
        location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
      navigate(`/login${back}`, { replace: true });
      return;
    }
    let cancelled = false;
    void (async () => {
      for (;;) {
        const attempt = getAuthCount();
        try {
          await exchangeCode(code, attempt);
          clearAuthCode();
          // a new session: nothing read in the one before (the current user above all, whose
          // permissions draw the menu) may show in this one while it is still fresh
          queryClient.clear();
          if (!cancelled) setHasToken(true);
          return;
        } catch {
          setAuthCount(attempt + 1);
          if (attempt + 1 >= AUTH_RETRY_MAX) {
            clearAuthCode();
            if (!cancelled) navigate('/401', { replace: true });
            return;
          }
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // runs once per mount: the code is single-use
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return hasToken;
}

export function AuthGate() {
  const hasToken = useToken();
  const location = useLocation();
  const query = useQuery({ ...currentUserQuery, enabled: hasToken });

  const session = useMemo<Session | null>(
    () => (query.data ? { ...query.data, side: sideOf(query.data.selectedRole), refetch: query.refetch } : null),
    [query.data, query.refetch],
  );
  const held = useMemo(() => new Set(query.data?.permission ?? []), [query.data]);

  if (!hasToken || query.isPending) return spinner;
  // a 401 is already on its way to sign-in (or showing the re-login dialog)
  if (query.error instanceof ApiError && query.error.status === 401) return spinner;
  if (!session) return <Navigate to="/401" replace />;

  const onUpPassword = location.pathname === '/up-password';
  if (session.modifyInitPwd && !onUpPassword) return <Navigate to="/up-password" replace />;

  return (
    <SessionContext.Provider value={session}>
      <PermissionContext.Provider value={held}>
        <LiveProvider>
          {!onUpPassword && session.permission.length === 0 ? <NoPermissionsAssignedPage /> : <Outlet />}
        </LiveProvider>
      </PermissionContext.Provider>
    </SessionContext.Provider>
  );
}
