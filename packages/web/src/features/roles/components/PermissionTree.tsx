import { useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
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

  const [search, setSearch] = useState('');
  const leaves = useMemo(() => leafKeys(tree.data ?? []), [tree.data]);

  const treeData = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matches = (n: PermissionTreeNode): boolean =>
      !needle ||
      t(n.titleKey).toLowerCase().includes(needle) ||
      n.key.toLowerCase().includes(needle) ||
      (n.children ?? []).some(matches);
    /** a module's whole subtree: what its select-all grants or clears */
    const subtree = (n: PermissionTreeNode): string[] => [n.key, ...(n.children ?? []).flatMap(subtree)];
    const moduleToggle = (n: PermissionTreeNode) => {
      const keys = subtree(n);
      const all = keys.filter((k) => leaves.has(k)).every((k) => value.includes(k));
      return (
        <a
          style={{ marginLeft: 12, fontSize: 12 }}
          data-testid={`select-module-${n.key}`}
          onClick={(e) => {
            e.stopPropagation();
            if (disabled) return;
            onChange?.(all ? value.filter((k) => !keys.includes(k)) : [...new Set([...value, ...keys])]);
          }}
        >
          {t(all ? 'role.clearModule' : 'role.selectModule')}
        </a>
      );
    };
    // nodes outside the search stay in the tree (checking a parent still grants all of it), only hidden
    const map = (nodes: readonly PermissionTreeNode[], top: boolean): object[] =>
      nodes.map((n) => ({
        key: n.key,
        className: matches(n) ? undefined : 'herald-hidden-node',
        title: (
          <span>
            <span data-testid={`perm-${n.key}`}>{t(n.titleKey)}</span>
            {top && n.children?.length && !disabled ? moduleToggle(n) : null}
          </span>
        ),
        children: n.children ? map(n.children, false) : undefined,
      }));
    return map(tree.data ?? [], true);
  }, [tree.data, t, search, leaves, value, onChange, disabled]);

  if (tree.isPending) return <Spin />;
  return (
    <div data-testid="perm-tree">
      <Input.Search
        allowClear
        placeholder={t('role.searchPermission')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 8 }}
        data-testid="perm-search"
      />
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
