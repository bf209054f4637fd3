import { useTranslation } from 'react-i18next';
import type { Execution } from '../api/types';

const FAILED = new Set<string>(['failed', 'timedOut', 'cancelled', 'skipped']);

/** Why, in words: the reason's label, and the device's own message after it when there is one. */
export function useReasonText() {
  const { t } = useTranslation();
  return (e: Pick<Execution, 'reason' | 'message' | 'state'>) => {
    // a step's message on its way to success ('rebooting') is no reason; only failures explain
    if (!e.reason) return FAILED.has(e.state) ? e.message || '-' : '-';
    const label = t(`ota.reason.${e.reason}`);
    return e.message ? `${label} (${e.message})` : label;
  };
}
