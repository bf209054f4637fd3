import { Button, DatePicker, Form, Input, Select } from 'antd';
import { NOTICE_TITLE_MAX } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import type { MessageFilterValues, ReadFilter } from './message-query';

const READ_FILTERS: ReadFilter[] = ['all', 'unread', 'read'];

/** The message list's filter bar: read state, title, time range. */
export function MessageFilters({ onSearch }: { onSearch: (v: MessageFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MessageFilterValues>();
  return (
    <Form<MessageFilterValues>
      form={form}
      name="msg-filters"
      layout="inline"
      initialValues={{ read: 'all' }}
      onFinish={onSearch}
      style={{ rowGap: 12, marginBottom: 16 }}
      data-testid="msg-filters"
    >
      <Form.Item name="read" label={t('msg.fields.read')}>
        <Select
          style={{ width: 120 }}
          options={READ_FILTERS.map((v) => ({ value: v, label: t(`msg.readState.${v}`) }))}
          data-testid="msg-filter-read"
        />
      </Form.Item>
      <Form.Item name="title" label={t('msg.fields.title')}>
        <Input allowClear maxLength={NOTICE_TITLE_MAX} style={{ width: 200 }} data-testid="msg-filter-title" />
      </Form.Item>
      <Form.Item name="range" label={t('msg.fields.timeRange')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="msg-filter-range" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="msg-filter-search">
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(form.getFieldsValue());
          }}
          data-testid="msg-filter-reset"
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
