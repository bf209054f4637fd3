import { useMemo } from 'react';
import { Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PermissionTreeNode } from '@herald/contract';
import { permissionTreeQuery } from '../api/get-permission-tree';
import { leafKeys } from './role-codes';

type Props = { value?: string[]; onChange?: (v: string[]) => void; disabled?: boolean };

/**
 * Menu and button permissions as a checkable tree. The value holds every granted code: a menu
 * is granted when it or any of its buttons is checked (half-checked parents included).
 */
export function PermissionTree({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation();
  const tree = useQuery(permissionTreeQuery());

  const treeData = useMemo(() => {
    const map = (nodes: readonly PermissionTreeNode[]): object[] =>
      nodes.map((n) => ({
        key: n.key,
        title: <span data-testid={`perm-${n.key}`}>{t(n.titleKey)}</span>,
        children: n.children ? map(n.children) : undefined,
      }));
    return map(tree.data ?? []);
  }, [tree.data, t]);

  const leaves = useMemo(() => leafKeys(tree.data ?? []), [tree.data]);

  if (tree.isPending) return <Spin />;
  return (
    <div data-testid="perm-tree">
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={disabled}
        treeData={treeData as never}
        checkedKeys={value.filter((k) => leaves.has(k))}
        onCheck={(checked, info) => {
          const full = Array.isArray(checked) ? checked : checked.checked;
          onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(String));
        }}
      />
    </div>
  );
}
