import type { ReactNode } from 'react';
import { Breadcrumb, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbOf } from '../lib/route-table';

/**
 * A detail page's header: where the page sits in the menu (linked back to its list) and the name
 * of what is shown, so the title says which device or account, not only "Detail".
 */
export function DetailTitle({ name, prefix }: { name: ReactNode; prefix?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = breadcrumbOf(pathname).map((c) => ({
    title: c.path ? <Link to={c.path}>{t(c.titleKey)}</Link> : t(c.titleKey),
  }));
  return (
    <div style={{ padding: '8px 0', minWidth: 0 }}>
      <Breadcrumb items={items} data-testid="detail-breadcrumb" style={{ fontWeight: 'normal', fontSize: 12 }} />
      <Space size={12} style={{ marginTop: 4, maxWidth: '100%' }}>
        {prefix}
        <Typography.Text strong ellipsis style={{ fontSize: 18 }} data-testid="detail-title">
          {name}
        </Typography.Text>
      </Space>
    </div>
  );
}
