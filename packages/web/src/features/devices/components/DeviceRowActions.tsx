import { Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import type { Device } from '../api/types';
import { P } from './device-codes';
import { applicable } from './device-actions';
import type { useDeviceActions } from './use-device-actions';

/** Detail, print settings and a "more" menu with the actions the user may take on this device. */
export function DeviceRowActions({
  device,
  actions,
}: {
  device: Device;
  actions: ReturnType<typeof useDeviceActions>;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const keys = applicable(device).filter(actions.allowed);
  const more: MenuProps = {
    items: keys.map((key) => ({
      key,
      danger: key === 'delete',
      label: <span data-testid={`device-action-${key}-${device.id}`}>{actions.label(key)}</span>,
    })),
    onClick: ({ key }) => actions.run(key as (typeof keys)[number], [device]),
  };
  return (
    <Space>
      <Link to={`/device/list/detail?id=${device.id}`} data-testid={`device-detail-${device.id}`}>
        {t('common.detail')}
      </Link>
      {can(`${P}.edit`) && (
        <Link to={`/device/list/edit-print?id=${device.id}`} data-testid={`device-edit-print-${device.id}`}>
          {t('device.actions.editPrint')}
        </Link>
      )}
      {keys.length > 0 && (
        <Dropdown menu={more}>
          <a data-testid={`device-more-${device.id}`}>
            {t('common.more')} <DownOutlined />
          </a>
        </Dropdown>
      )}
    </Space>
  );
}
