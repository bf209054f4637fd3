import { Card, Form, Input } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../components/PasswordFields';
import { toastSuccess } from '../../../lib/feedback';
import { email, required } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session-context';
import { changeEmail } from '../api/change-email';
import { changePassword, type ChangePasswordBody } from '../api/change-password';

/** Change password (old password required) and change email (must differ from the current one). */
export function SecurityTab() {
  const { t } = useTranslation();
  const { user, refetch } = useSession();
  const [pwForm] = Form.useForm<ChangePasswordBody>();
  const [emailForm] = Form.useForm<{ email: string; password: string }>();

  return (
    <>
      <Card title={t('personal.changePassword')} style={{ marginBottom: 16 }}>
        <ProForm<ChangePasswordBody>
          form={pwForm}
          data-testid="change-password-form"
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 10 }}
          submitter={{
            searchConfig: { submitText: t('common.submit') },
            resetButtonProps: false,
            submitButtonProps: { 'data-testid': 'change-password-submit' },
            render: (_, dom) => <div style={{ marginLeft: '16.6%' }}>{dom}</div>,
          }}
          onFinish={async (v) => {
            try {
              await changePassword(v);
            } catch {
              return false;
            }
            toastSuccess(t('password.changed'));
            pwForm.resetFields();
            return true;
          }}
        >
          <Form.Item
            name="oldPassword"
            label={t('password.old')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="field-oldPassword" />
          </Form.Item>
          <PasswordFields name="newPassword" />
        </ProForm>
      </Card>
      <Card title={t('personal.changeEmail')}>
        <p>
          {t('personal.currentEmail')}: {user.email}
        </p>
        <ProForm<{ email: string; password: string }>
          form={emailForm}
          data-testid="change-email-form"
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 10 }}
          submitter={{
            searchConfig: { submitText: t('common.submit') },
            resetButtonProps: false,
            submitButtonProps: { 'data-testid': 'change-email-submit' },
            render: (_, dom) => <div style={{ marginLeft: '16.6%' }}>{dom}</div>,
          }}
          onFinish={async (v) => {
            try {
              await changeEmail(v);
            } catch {
              return false;
            }
            toastSuccess();
            emailForm.resetFields();
            await refetch();
            return true;
          }}
        >
          <Form.Item
            name="email"
            label={t('personal.newEmail')}
            rules={[
              required(),
              email(),
              {
                validator: (_, v?: string) =>
                  v && v.trim().toLowerCase() === user.email.toLowerCase()
                    ? Promise.reject(new Error(t('validation.sameEmail')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input data-testid="field-newEmail" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="field-emailPassword" />
          </Form.Item>
        </ProForm>
      </Card>
    </>
  );
}
