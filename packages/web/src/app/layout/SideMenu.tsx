import { useContext, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_ROUTES, filterRoutes, isActiveMenu, joinPath, type RouteNode } from '@herald/contract';
import { PermissionContext } from '../../lib/can';
import { useSession } from '../../lib/session-context';
import { isGroup } from '../../lib/route-table';
import { menuIcon } from './menu-icons';

type Item = Required<MenuProps>['items'][number];
type Leaf = { path: string; group?: string };

/** Sidebar from the contract's route tree filtered by the user's permissions and side. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const held = useContext(PermissionContext);
  const { side } = useSession();
  const { pathname } = useLocation();

  const { items, leaves } = useMemo(() => {
    const leaves: Leaf[] = [];
    const build = (nodes: readonly RouteNode[], parent?: RouteNode): Item[] =>
      nodes
        .filter((n) => !n.hidden)
        .map((n): Item => {
          const path = parent ? joinPath(parent.path, n.path) : n.path;
          if (isGroup(n)) {
            return {
              key: path,
              icon: menuIcon(n.icon),
              label: <span data-testid={`menu-group-${n.name}`}>{t(n.titleKey)}</span>,
              children: build(n.children ?? [], n),
            };
          }
          leaves.push({ path, group: parent?.path });
          return {
            key: path,
            icon: menuIcon(n.icon),
            label: (
              <Link to={path} data-testid={`menu-${n.name}`}>
                {t(n.titleKey)}
              </Link>
            ),
          };
        });
    const items = build(filterRoutes(MENU_ROUTES, held, side));
    return { items, leaves };
  }, [held, side, t]);

  const active = leaves.find((l) => isActiveMenu(l.path, pathname));
  const [openKeys, setOpenKeys] = useState<string[]>(() => (active?.group ? [active.group] : []));
  // open the group of the active item whenever navigation moves into another group
  const [seenGroup, setSeenGroup] = useState(active?.group);
  if (active?.group !== seenGroup) {
    setSeenGroup(active?.group);
    if (active?.group && !openKeys.includes(active.group)) setOpenKeys([...openKeys, active.group]);
  }

  return (
    <Menu
      data-testid="side-menu"
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={active ? [active.path] : []}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={setOpenKeys}
    />
  );
}
