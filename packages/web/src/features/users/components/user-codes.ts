import type { Side } from '@herald/contract';
import type { TFunction } from 'i18next';

/** The menu permission whose buttons govern this page: operators' or the account's users. */
export const userMenuCode = (side: Side) => (side === 'op' ? 'herald.admin.op.user' : 'herald.admin.ac.user');

export const USER_STATUSES = [-1, 0, 1, 2] as const;

export const userStatusEnum = (t: TFunction) => ({
  0: { text: t('user.status.0'), status: 'Warning' },
  1: { text: t('user.status.1'), status: 'Default' },
  2: { text: t('user.status.2'), status: 'Success' },
});

export const genderOptions = (t: TFunction) => [0, 1, 2].map((g) => ({ value: g, label: t(`user.gender.${g}`) }));
