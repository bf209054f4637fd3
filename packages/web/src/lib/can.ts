import { createContext, useCallback, useContext } from 'react';
import { can } from '@herald/contract';

/** Permission codes the signed-in user holds; provided by the app shell. */
export const PermissionContext = createContext<ReadonlySet<string>>(new Set());

/** The one permission check of the console: menu, route guard and buttons all use it. */
export function useCan(): (required?: string | readonly string[]) => boolean {
  const held = useContext(PermissionContext);
  return useCallback((required) => can(held, required), [held]);
}
