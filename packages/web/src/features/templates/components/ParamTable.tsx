import { Button, Form, Input, Space, Table, Tooltip, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { TEMPLATE_PARAM_RE } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required } from '../../../lib/form-rules';
import { mergePlaceholders, type ParamRow } from './placeholders';
import type { TemplateBody } from '../api/types';

/** The template's parameters (name, sample value, description) as an editable table. */
export function ParamTable({ form }: { form: FormInstance<TemplateBody> }) {
  const { t } = useTranslation();
  const nameRule = { pattern: TEMPLATE_PARAM_RE, message: t('template.validation.paramName') };
  const pickUp = () => {
    const rows = (form.getFieldValue('params') as ParamRow[] | undefined) ?? [];
    form.setFieldValue('params', mergePlaceholders(rows, form.getFieldValue('body') ?? ''));
  };
  return (
    <Form.List name="params">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="template-params">
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            locale={{ emptyText: t('template.params.empty') }}
            columns={[
              {
                title: t('template.params.name'),
                width: '28%',
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'name']}
                    rules={[required(), nameRule]}
                    style={{ margin: 0 }}
                    validateTrigger="onBlur"
                  >
                    <Input data-testid={`template-param-name-${f.name}`} placeholder="item" />
                  </Form.Item>
                ),
              },
              {
                title: t('template.params.sample'),
                width: '30%',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'sample']} rules={[maxLen(1000)]} style={{ margin: 0 }}>
                    <Input data-testid={`template-param-sample-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('template.params.description'),
                render: (_, f) => (
                  <Form.Item name={[f.name, 'description']} rules={[maxLen(255)]} style={{ margin: 0 }}>
                    <Input />
                  </Form.Item>
                ),
              },
              {
                title: t('common.operation'),
                width: 70,
                render: (_, f) => (
                  <Tooltip title={t('common.delete')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      data-testid={`template-param-remove-${f.name}`}
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
          <Space>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', sample: '', description: '' })}
              data-testid="template-param-add"
            >
              {t('template.params.add')}
            </Button>
            <Button icon={<ThunderboltOutlined />} onClick={pickUp} data-testid="template-param-pickup">
              {t('template.params.pickUp')}
            </Button>
          </Space>
        </Space>
      )}
    </Form.List>
  );
}
