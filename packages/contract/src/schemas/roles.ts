import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { sortParams } from './fleet-fields';
import { optionalText, requiredOrFormat, requiredText } from '../validation';

export const roleBody = z.object({
  name: requiredText(32),
  description: optionalText(255),
  /** menu and button codes; a button code brings its menu code with it */
  permissions: z
    .array(z.string().max(128, 'validation.maxLength'), { error: requiredOrFormat })
    .max(1000, 'validation.maxLength'),
});
export const updateRoleBody = roleBody.partial();
export const roleListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64).optional(),
  /** without it: newest first */
  ...sortParams(['id', 'name', 'createdAt']),
});

export const roleSchema = z.object({
  id: z.number().int(),
  side: z.enum(['op', 'ac']),
  accountId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  builtIn: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** A role to pick in the user form. */
export const roleOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

/** Node of the menu-permission tree a role editor shows (menus with their buttons). */
export type PermissionTreeNode = { key: string; titleKey: string; children?: PermissionTreeNode[] };
export const permissionTreeNode: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({ key: z.string(), titleKey: z.string(), children: z.array(permissionTreeNode).optional() }),
);
