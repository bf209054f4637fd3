import type { PermissionTreeNode, Side } from '@herald/contract';

export const roleMenuCode = (side: Side) => (side === 'op' ? 'herald.admin.op.role' : 'herald.admin.ac.role');

/** Keys of nodes without children: what the tree marks checked when loading a role. */
export function leafKeys(nodes: readonly PermissionTreeNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (ns: readonly PermissionTreeNode[]) => {
    for (const n of ns) {
      if (n.children?.length) walk(n.children);
      else out.add(n.key);
    }
  };
  walk(nodes);
  return out;
}
