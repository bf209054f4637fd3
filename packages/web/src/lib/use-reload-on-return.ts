import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { ActionType } from '@ant-design/pro-components';

/**
 * A kept-alive list reloads whenever it is navigated to again (after an add or edit page
 * returned to it), keeping its filters and page.
 */
export function useReloadOnReturn(action: RefObject<ActionType | undefined>): void {
  const { key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void action.current?.reload();
  }, [key, action]);
}
