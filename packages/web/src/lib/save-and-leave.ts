import { useLocation, useNavigate } from 'react-router';

/** Navigation state asking the opened-page tabs to close the page being left (an "Add" form once saved). */
export type CloseTabState = { closeTab?: string };

/**
 * Leaves a form after a successful save and closes its tab: the next "Add" starts from an empty
 * form instead of the one just submitted. Other navigation state (a secret shown once) rides along.
 */
export function useSaveAndLeave() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (to: string, state: Record<string, unknown> = {}) =>
    navigate(to, { state: { ...state, closeTab: pathname } satisfies CloseTabState });
}
