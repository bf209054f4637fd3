import { Input, Select, Space } from 'antd';

/**
 * The filter bar over a task's per-device list (upgrade executions, push results): a state and
 * an S/N. Either change starts the list again at page 1, which the caller does in its handlers.
 */
export function StateSnFilter(props: {
  state?: string;
  options: { value: string; label: string }[];
  statePlaceholder: string;
  snPlaceholder: string;
  onState: (s?: string) => void;
  onSn: (sn: string) => void;
  /** test ids `<testId>-state` and `<testId>-sn` */
  testId: string;
}) {
  return (
    <Space wrap>
      <Select
        allowClear
        style={{ width: 160 }}
        placeholder={props.statePlaceholder}
        value={props.state}
        onChange={(v?: string) => props.onState(v)}
        options={props.options}
        data-testid={`${props.testId}-state`}
      />
      <Input.Search
        allowClear
        style={{ width: 200 }}
        placeholder={props.snPlaceholder}
        onSearch={(v) => props.onSn(v.trim())}
        data-testid={`${props.testId}-sn`}
      />
    </Space>
  );
}
