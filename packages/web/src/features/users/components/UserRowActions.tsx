import { Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserStatus, type User } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { logout } from '../../../lib/http';
import { useSession } from '../../../lib/session-context';
import { changeAdmin } from '../api/change-admin';
import { deleteUser } from '../api/delete-user';
import { resetUserPassword } from '../api/reset-user-password';
import { sendActivation } from '../api/send-activation';
import { setUserStatus } from '../api/set-user-status';
import { unlockUser } from '../api/unlock-user';
import { userMenuCode } from './user-codes';

type Action = {
  key: string;
  code: string;
  show: boolean;
  confirmKey: string;
  run: () => Promise<unknown>;
  after?: () => void;
};

/** Row actions of the user list, each behind its button permission and a confirmation. */
export function UserRowActions({ user, reload }: { user: User; reload: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const session = useSession();
  const P = userMenuCode(session.side);
  const self = user.id === session.user.id;
  const protectedUser = self || user.isSuperAdmin;

  const actions: Action[] = [
    {
      key: 'enable',
      code: 'status',
      show: !protectedUser && user.status === UserStatus.DISABLED,
      confirmKey: 'user.confirm.enable',
      run: () => setUserStatus(user.id, 2),
    },
    {
      key: 'disable',
      code: 'status',
      show: !protectedUser && user.status === UserStatus.ENABLED,
      confirmKey: 'user.confirm.disable',
      run: () => setUserStatus(user.id, 1),
    },
    {
      key: 'unlock',
      code: 'unlock',
      show: user.locked,
      confirmKey: 'user.confirm.unlock',
      run: () => unlockUser(user.id),
    },
    {
      key: 'resetPwd',
      code: 'resetPwd',
      show: !self && user.status !== UserStatus.NOT_ENABLED,
      confirmKey: 'user.confirm.resetPwd',
      run: () => resetUserPassword(user.id),
    },
    {
      key: 'sendActivation',
      code: 'sendActivation',
      show: user.status === UserStatus.NOT_ENABLED,
      confirmKey: 'user.confirm.sendActivation',
      run: () => sendActivation(user.id),
    },
    {
      key: 'changeAdmin',
      code: 'changeAdmin',
      show: session.side === 'ac' && session.user.isSuperAdmin && !self && user.status === UserStatus.ENABLED,
      confirmKey: 'user.confirm.changeAdmin',
      run: () => changeAdmin(user.id),
      // the previous administrator (the caller) no longer exists
      after: () => void logout(),
    },
    {
      key: 'delete',
      code: 'delete',
      show: !protectedUser,
      confirmKey: 'user.confirm.delete',
      run: () => deleteUser(user.id),
    },
  ].filter((a) => a.show && can(`${P}.${a.code}`));

  const runAction = (a: Action) =>
    confirmDialog({
      title: t('common.tip'),
      content: t(a.confirmKey, { name: user.username }),
      okButtonProps: { danger: a.key === 'delete' || a.key === 'changeAdmin', 'data-testid': 'confirm-ok' },
      onOk: async () => {
        await a.run();
        toastSuccess();
        if (a.after) a.after();
        else reload();
      },
    });

  const more: MenuProps = {
    items: actions.map((a) => ({
      key: a.key,
      danger: a.key === 'delete',
      label: <span data-testid={`user-action-${a.key}-${user.id}`}>{t(`user.actions.${a.key}`)}</span>,
    })),
    onClick: ({ key }) => {
      const a = actions.find((x) => x.key === key);
      if (a) runAction(a);
    },
  };

  return (
    <Space>
      {can(`${P}.query`) && <Link to={`/user/list/details?id=${user.id}`}>{t('common.detail')}</Link>}
      {can(`${P}.edit`) && !user.isSuperAdmin && <Link to={`/user/list/edit?id=${user.id}`}>{t('common.edit')}</Link>}
      {can(`${P}.assignRole`) && !user.isSuperAdmin && (
        <Link to={`/user/list/addRoles?id=${user.id}`}>{t('user.actions.assignRole')}</Link>
      )}
      {actions.length > 0 && (
        <Dropdown menu={more}>
          <a data-testid={`user-more-${user.id}`}>
            {t('common.more')} <DownOutlined />
          </a>
        </Dropdown>
      )}
    </Space>
  );
}
