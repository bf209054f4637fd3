import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountOptionsQuery } from '../../lib/account-options';
import { maxLen, required } from '../../lib/form-rules';
import { pageSubmitter } from '../../lib/page-submitter';
import { savedOrFieldErrors } from '../../lib/server-field-errors';
import { useSession } from '../../lib/session-context';

/**
 * The account a task form is for, and whether it is known: an account's own user always, an
 * operator once one is picked (packages, groups and devices are looked up in it).
 */
export function useTaskAccount(form: FormInstance) {
  const { side } = useSession();
  const accountId = Form.useWatch('accountId', form) as number | undefined;
  return { accountId, ready: side === 'ac' || !!accountId };
}

/**
 * The frame of the upgrade and push task forms: name, account (operators pick one; fixed once
 * `locked`), the fields of the task's kind (`children`) and a remark, with the page's buttons.
 * Test ids: `<testId>-form`, `<testId>-submit`, and `<fieldTestId>-name` / `-account`. `onSave`
 * throws to keep the form; the server's field errors go on the fields.
 */
export function TaskForm<T>(props: {
  form: FormInstance<T>;
  /** i18n prefix of the fields, e.g. 'otaTask' */
  i18n: string;
  testId: string;
  fieldTestId: string;
  locked?: boolean;
  /** over the fields (e.g. what an edit may change) */
  above?: ReactNode;
  initialValues: Partial<T>;
  onValuesChange: (changed: Partial<T>) => void;
  onSave: (values: T) => Promise<unknown>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const { form, i18n } = props;
  return (
    <ProForm<T>
      form={form}
      data-testid={`${props.testId}-form`}
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 12 }}
      initialValues={props.initialValues}
      onValuesChange={props.onValuesChange}
      submitter={pageSubmitter('submit', `${props.testId}-submit`, props.onCancel)}
      onFinish={(v) => savedOrFieldErrors(form, () => props.onSave(v))}
    >
      {props.above}
      <ProFormText
        name="name"
        label={t(`${i18n}.fields.name`)}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': `${props.fieldTestId}-name` } as object}
      />
      {side === 'op' && (
        <ProFormSelect
          name="accountId"
          label={t(`${i18n}.fields.account`)}
          disabled={props.locked}
          rules={[{ required: true, message: t('error.selectAccountFirst') }]}
          options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          fieldProps={
            { showSearch: true, optionFilterProp: 'label', 'data-testid': `${props.fieldTestId}-account` } as object
          }
        />
      )}
      {props.children}
      <ProFormTextArea name="remark" label={t(`${i18n}.fields.remark`)} rules={[maxLen(500)]} />
    </ProForm>
  );
}
