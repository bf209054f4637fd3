import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** /redirect/<path> reloads a page in place (used by the tab "refresh" action). */
export function RedirectPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`${pathname.replace(/^\/redirect/, '') || '/'}${search}`, { replace: true });
  }, [navigate, pathname, search]);
  return null;
}
