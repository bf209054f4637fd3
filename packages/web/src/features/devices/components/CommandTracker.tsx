import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Modal, Space, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { commandQuery } from '../api/get-command';

export type TrackedCommand = { deviceId: number; sn: string; commandId: string };
type Track = (title: string, commands: TrackedCommand[]) => void;

const TrackerContext = createContext<Track>(() => undefined);

/** Opens the command-result dialog: every command is polled until the device answers or it expires. */
export const useTrackCommands = () => useContext(TrackerContext);

/** What the device answered to one command: acknowledged (with latency), failed (code), or no answer. */
export function CommandStatus({ deviceId, commandId }: { deviceId: number; commandId: string }) {
  const { t } = useTranslation();
  const { data, isError } = useQuery(commandQuery(deviceId, commandId));
  const testId = `command-status-${deviceId}`;
  if (isError)
    return (
      <Tag data-testid={testId} data-status="error">
        {t('common.error')}
      </Tag>
    );
  if (!data || data.status === 'sent') {
    return (
      <Space data-testid={testId} data-status="sent">
        <Spin size="small" />
        {t('device.command.waiting')}
      </Space>
    );
  }
  if (data.status === 'acked') {
    return (
      <Tag color="green" data-testid={testId} data-status="acked">
        {t('device.command.acked', { ms: data.latencyMs ?? '-' })}
      </Tag>
    );
  }
  if (data.status === 'failed') {
    return (
      <Tag color="red" data-testid={testId} data-status="failed">
        {t('device.command.failed', { code: data.ackCode ?? '-' })}
        {data.ackMessage ? ` — ${data.ackMessage}` : ''}
      </Tag>
    );
  }
  return (
    <Tag color="orange" data-testid={testId} data-status="expired">
      {t('device.command.expired', { at: formatDateTime(data.expireAt) })}
    </Tag>
  );
}

/** Provides `useTrackCommands` to a page and renders the dialog. */
export function CommandTrackerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ title: string; commands: TrackedCommand[] } | null>(null);
  const track = useCallback<Track>((title, commands) => {
    if (commands.length) setState({ title, commands });
  }, []);
  return (
    <TrackerContext.Provider value={track}>
      {children}
      <Modal
        open={!!state}
        title={state?.title}
        onCancel={() => setState(null)}
        onOk={() => setState(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'command-result-close' }}
        destroyOnHidden
        width={560}
      >
        <div data-testid="command-result">
          <Table
            size="small"
            rowKey="commandId"
            pagination={state && state.commands.length > 10 ? { pageSize: 10 } : false}
            dataSource={state?.commands ?? []}
            columns={[
              { title: t('device.fields.sn'), dataIndex: 'sn' },
              {
                title: t('device.command.result'),
                key: 'status',
                render: (_, c: TrackedCommand) => <CommandStatus deviceId={c.deviceId} commandId={c.commandId} />,
              },
            ]}
          />
        </div>
      </Modal>
    </TrackerContext.Provider>
  );
}
