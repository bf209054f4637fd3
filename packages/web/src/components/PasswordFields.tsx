import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { password, sameAs } from '../lib/form-rules';

/** New password + confirmation with the spec's password rules (section 5). */
export function PasswordFields({
  name = 'password',
  confirm = 'confirmPassword',
  label,
}: {
  name?: string;
  confirm?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={label ?? t('password.new')}
        rules={[password()]}
        extra={t('password.hint')}
        required
      >
        <Input.Password autoComplete="new-password" data-testid={`field-${name}`} />
      </Form.Item>
      <Form.Item name={confirm} label={t('password.confirm')} dependencies={[name]} rules={[sameAs(name)]} required>
        <Input.Password autoComplete="new-password" data-testid={`field-${confirm}`} />
      </Form.Item>
    </>
  );
}
