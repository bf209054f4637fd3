import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ADDED_PARAMS_MAX, type AccountApiDetail } from '@herald/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { maxLen, required } from '../../../lib/form-rules';
import { modifyAddedParams } from '../api/account-api';
import { CAN_EDIT } from './codes';

type Row = { key: string; value: string };

/** Value-added service parameters: a key/value list saved as a whole. */
export function AddedParamsCard({ detail }: { detail: AccountApiDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ rows: Row[] }>();
  const editable = can(CAN_EDIT);
  const save = async ({ rows }: { rows?: Row[] }) => {
    const params = Object.fromEntries((rows ?? []).map((r) => [r.key.trim(), r.value?.trim() ?? '']));
    try {
      await modifyAddedParams(params);
    } catch {
      return;
    }
    toastSuccess();
    await queryClient.invalidateQueries({ queryKey: ['account-api'] });
  };
  const uniqueKey = ({ getFieldValue }: { getFieldValue: (n: unknown) => unknown }) => ({
    validator: (_: unknown, v?: string) => {
      const keys = ((getFieldValue('rows') as Row[] | undefined) ?? []).map((r) => r?.key?.trim());
      return v && keys.filter((k) => k === v.trim()).length > 1
        ? Promise.reject(new Error(t('accountApi.validation.duplicateKey')))
        : Promise.resolve();
    },
  });
  return (
    <Card title={t('accountApi.sections.added')} data-testid="api-added-params">
      <Form
        form={form}
        disabled={!editable}
        onFinish={save}
        initialValues={{ rows: Object.entries(detail.addedParams).map(([key, value]) => ({ key, value })) }}
      >
        <Form.List name="rows">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Typography.Paragraph type="secondary">{t('accountApi.added.empty')}</Typography.Paragraph>
              )}
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'key']} rules={[required(), maxLen(32), uniqueKey]}>
                    <Input placeholder={t('accountApi.added.key')} data-testid={`api-added-key-${f.name}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} rules={[maxLen(255)]}>
                    <Input
                      placeholder={t('accountApi.added.value')}
                      style={{ width: 320 }}
                      data-testid={`api-added-value-${f.name}`}
                    />
                  </Form.Item>
                  {editable && <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} />}
                </Space>
              ))}
              {editable && (
                <Space>
                  <Button
                    icon={<PlusOutlined />}
                    disabled={fields.length >= ADDED_PARAMS_MAX}
                    onClick={() => add({ key: '', value: '' })}
                    data-testid="api-added-add"
                  >
                    {t('accountApi.added.add')}
                  </Button>
                  <Button type="primary" htmlType="submit" data-testid="api-added-save">
                    {t('common.save')}
                  </Button>
                </Space>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
