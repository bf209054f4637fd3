import type { TFunction } from 'i18next';
import type { Notice, NoticeBody } from '../api/types';

export type NoticeFormValues = {
  title: string;
  content: string;
  allAccounts?: boolean;
  /** absent while "All accounts" hides the select */
  accountIds?: number[];
};

/** The form's values as the API takes them: with "All accounts" on, no account list. */
export function toNoticeBody(v: NoticeFormValues): NoticeBody {
  const allAccounts = Boolean(v.allAccounts);
  return {
    title: v.title.trim(),
    content: v.content.trim(),
    allAccounts,
    accountIds: allAccounts ? [] : [...new Set(v.accountIds ?? [])],
  };
}

type Targets = Pick<Notice, 'allAccounts'> & { accountCount: number };

export const targetsOf = (n: Pick<Notice, 'allAccounts' | 'accounts'>): Targets => ({
  allAccounts: n.allAccounts,
  accountCount: n.accounts.length,
});

/** "All accounts" or "3 account(s)". */
export const targetSummary = (t: TFunction, to: Targets) =>
  to.allAccounts ? t('notice.allAccounts') : t('notice.accountCount', { count: to.accountCount });

/** The question asked before publishing: it reaches these accounts and is fixed afterwards. */
export const publishQuestion = (t: TFunction, to: Targets) =>
  to.allAccounts ? t('notice.confirm.publishAll') : t('notice.confirm.publish', { count: to.accountCount });
