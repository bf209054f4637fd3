import type { TFunction } from 'i18next';
import { LOCALES, messages } from '@herald/contract';

/** What the default group is called, in any language (the server stores the English one). */
const DEFAULT_NAMES = new Set<string>(LOCALES.map((l) => messages['group.defaultName'][l]));

/**
 * A group's name as shown. The server names the default group in the request's language; the
 * console renders it from its own locale, so a language switch shows at once without a refetch.
 * A renamed default group keeps the account's own name.
 */
export function groupLabel(g: { name: string; isDefault: boolean }, t: TFunction): string {
  return g.isDefault && DEFAULT_NAMES.has(g.name) ? t('group.defaultName') : g.name;
}
