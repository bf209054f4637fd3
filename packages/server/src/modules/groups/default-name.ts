import { translate, type Locale } from '@herald/contract';
import { DEFAULT_GROUP_NAME, DEFAULT_GROUP_NAMES } from './repo';

/**
 * The default group is stored with is_default and the placeholder name 'Default group'; it is
 * shown in the request's language. Once an account renames it, its own name is shown as typed.
 */
export function groupLabel<N extends string | null>(
  name: N,
  isDefault: boolean | null | undefined,
  locale: Locale | undefined,
): N | string {
  return isDefault && name === DEFAULT_GROUP_NAME ? translate('group.defaultName', locale) : name;
}

export const isDefaultGroupName = (name: string) => DEFAULT_GROUP_NAMES.has(name.trim().toLowerCase());
