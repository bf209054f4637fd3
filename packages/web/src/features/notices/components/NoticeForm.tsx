import type { ReactNode } from 'react';
import { Button, Card, Form } from 'antd';
import { ProForm, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_ACCOUNTS_MAX, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useCan } from '../../../lib/can';
import { confirmDialog } from '../../../lib/feedback';
import { maxLen, required } from '../../../lib/form-rules';
import { pageSubmitter } from '../../../lib/page-submitter';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import type { Notice, NoticeBody } from '../api/types';
import { P } from './notice-codes';
import { publishQuestion, toNoticeBody, type NoticeFormValues } from './notice-body';

/** The account picker's options, with the notice's own accounts even if the picker no longer lists them. */
function accountOptions(listed: { id: number; name: string }[] | undefined, own: Notice['accounts'] = []) {
  const byId = new Map([...own, ...(listed ?? [])].map((a) => [a.id, a.name]));
  return [...byId].map(([value, label]) => ({ value, label }));
}

/**
 * Add and edit a draft: title, content, and whom it reaches (every account, or the chosen ones).
 * "Save draft" keeps it a draft; "Save and publish" asks first, then saves and publishes it.
 */
export function NoticeForm({
  notice,
  title,
  onSave,
  onCancel,
}: {
  notice?: Notice;
  title: string;
  onSave: (body: NoticeBody, publish: boolean) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<NoticeFormValues>();
  const allAccounts = (Form.useWatch('allAccounts', form) as boolean | undefined) ?? notice?.allAccounts ?? false;
  const accounts = useQuery(accountOptionsQuery(true));

  const saveAndPublish = async () => {
    let values: NoticeFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is missing
    }
    const body = toNoticeBody(values);
    confirmDialog({
      title: publishQuestion(t, { allAccounts: body.allAccounts, accountCount: body.accountIds.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'notice-publish-ok' } as never,
      onOk: () => savedOrFieldErrors(form, () => onSave(body, true)),
    });
  };

  const submitter = pageSubmitter('submit', 'notice-save-draft', onCancel);
  return (
    <Card title={title}>
      <ProForm<NoticeFormValues>
        form={form}
        // field ids of their own: a kept-alive list's filter form also has a "title" field
        name="notice"
        data-testid="notice-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        initialValues={
          notice
            ? {
                title: notice.title,
                content: notice.content,
                allAccounts: notice.allAccounts,
                accountIds: notice.accounts.map((a) => a.id),
              }
            : { allAccounts: false, accountIds: [] }
        }
        submitter={{
          ...submitter,
          searchConfig: { ...submitter.searchConfig, submitText: t('notice.actions.saveDraft') },
          render: (_: unknown, dom: ReactNode[]) => (
            <div style={{ marginLeft: '20.8%', display: 'flex', gap: 8 }}>
              {dom}
              {can(`${P}.publish`) && (
                <Button onClick={() => void saveAndPublish()} data-testid="notice-save-publish">
                  {t('notice.actions.saveAndPublish')}
                </Button>
              )}
            </div>
          ),
        }}
        onFinish={(v) => savedOrFieldErrors(form, () => onSave(toNoticeBody(v), false))}
      >
        <ProFormText
          name="title"
          label={t('notice.fields.title')}
          rules={[required(), maxLen(NOTICE_TITLE_MAX)]}
          fieldProps={{ maxLength: NOTICE_TITLE_MAX, showCount: true, 'data-testid': 'notice-title' } as object}
        />
        <ProFormTextArea
          name="content"
          label={t('notice.fields.content')}
          rules={[required(), maxLen(NOTICE_CONTENT_MAX)]}
          fieldProps={
            { rows: 10, showCount: true, maxLength: NOTICE_CONTENT_MAX, 'data-testid': 'notice-content' } as object
          }
        />
        <ProFormSwitch
          name="allAccounts"
          label={t('notice.fields.allAccounts')}
          extra={allAccounts ? t('notice.allAccountsHint') : undefined}
          fieldProps={{ 'data-testid': 'notice-all-accounts' } as object}
        />
        {!allAccounts && (
          <ProFormSelect
            name="accountIds"
            label={t('notice.fields.accounts')}
            mode="multiple"
            extra={t('notice.recipientsHint')}
            rules={[
              { required: true, message: t('validation.noticeAccountRequired') },
              { type: 'array', max: NOTICE_ACCOUNTS_MAX, message: t('validation.maxLength') },
            ]}
            options={accountOptions(accounts.data, notice?.accounts)}
            fieldProps={
              {
                showSearch: true,
                optionFilterProp: 'label',
                loading: accounts.isPending,
                'data-testid': 'notice-accounts',
              } as object
            }
          />
        )}
      </ProForm>
    </Card>
  );
}
