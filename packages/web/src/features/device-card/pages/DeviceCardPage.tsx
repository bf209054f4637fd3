import { useState } from 'react';
import { apiUrl } from '../../../lib/config';
import { Button, Card, Descriptions, Form, Image, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ResultCode, type DeviceCard } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { BrandMark } from '../../../components/BrandMark';
import { ApiError } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { getDeviceCard } from '../api';

/**
 * /d/<sn>: where a device's QR code leads. Public (whoever holds the device scans its label, most
 * often with a phone): the device's card when its QR code is on, a password first when one is set,
 * and "not available" otherwise.
 */
export function DeviceCardPage() {
  const { t } = useTranslation();
  const sn = useParams().sn ?? '';
  // each submit asks again, even with the same password (a retry after the limit's window)
  const [attempt, setAttempt] = useState({ password: '', n: 0 });
  const password = attempt.password;
  const q = useQuery({
    queryKey: ['device-card', sn, attempt],
    queryFn: () => getDeviceCard(sn, password),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const code = q.error instanceof ApiError ? q.error.code : undefined;
  // a wrong password, or too many of them: the form again, with the server's message
  const refused = code === ResultCode.BAD_CREDENTIALS || code === ResultCode.RATE_LIMITED;

  let body;
  if (q.isPending) {
    body = <Spin style={{ display: 'block', margin: '40px auto' }} />;
  } else if (code === ResultCode.NOT_FOUND) {
    body = (
      <div data-testid="device-card-unavailable">
        <Result status="warning" title={t('deviceCard.unavailable')} subTitle={t('deviceCard.unavailableHint')} />
      </div>
    );
  } else if (refused || q.data?.locked) {
    body = (
      <PasswordForm
        error={refused ? q.error?.message : undefined}
        busy={q.isFetching}
        onSubmit={(p) => setAttempt((a) => ({ password: p, n: a.n + 1 }))}
      />
    );
  } else if (q.data && !q.data.locked) {
    body = <CardBody card={q.data.card} />;
  } else {
    body = (
      <div data-testid="device-card-failed">
        <Result
          status="error"
          title={t('deviceCard.loadFailed')}
          subTitle={q.error?.message}
          extra={
            <Button onClick={() => void q.refetch()} data-testid="device-card-retry">
              {t('deviceCard.retry')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="herald-centre">
      <LanguageSwitch style={{ position: 'absolute', top: 16, right: 24 }} />
      <Card style={{ width: 'min(440px, 92vw)' }}>{body}</Card>
    </div>
  );
}

function PasswordForm({ error, busy, onSubmit }: { error?: string; busy: boolean; onSubmit: (p: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form<{ password: string }>
      layout="vertical"
      onFinish={(v) => onSubmit(v.password)}
      data-testid="device-card-locked"
      requiredMark={false}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <LockOutlined /> {t('deviceCard.locked')}
      </Typography.Title>
      <Form.Item
        name="password"
        label={t('deviceCard.password')}
        rules={[{ required: true, message: t('deviceCard.passwordRequired') }]}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid="device-card-error">{error}</span> : undefined}
      >
        <Input.Password autoFocus maxLength={16} autoComplete="off" data-testid="device-card-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="device-card-unlock">
        {t('deviceCard.unlock')}
      </Button>
    </Form>
  );
}

function CardBody({ card }: { card: DeviceCard }) {
  const { t } = useTranslation();
  const state = card.disabled ? (
    <Tag color="default">{t('deviceCard.disabled')}</Tag>
  ) : card.online ? (
    <Tag color="green">{t('deviceCard.online')}</Tag>
  ) : (
    <Tag color="red">{t('deviceCard.offline')}</Tag>
  );
  return (
    <div data-testid="device-card">
      {card.brand && (
        <div style={{ marginBottom: 16 }}>
          <BrandMark brand={card.brand} size={48} />
        </div>
      )}
      <Space align="center" size={16} style={{ marginBottom: 16 }}>
        {card.imageUrl && <Image src={apiUrl(card.imageUrl)} width={72} height={72} preview={false} alt="" />}
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-card-name">
            {card.name || card.sn}
          </Typography.Title>
          <Typography.Text type="secondary">{card.modelName ?? ''}</Typography.Text>
        </div>
      </Space>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('deviceCard.sn')}>
          <span data-testid="device-card-sn">{card.sn}</span>
        </Descriptions.Item>
        {card.modelType && (
          <Descriptions.Item label={t('deviceCard.type')}>{t(`model.type.${card.modelType}`)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('deviceCard.status')}>
          <span data-testid="device-card-status">
            {state}
            {card.paused && !card.disabled && <Tag color="orange">{t('deviceCard.paused')}</Tag>}
          </span>
        </Descriptions.Item>
        {card.since && (
          <Descriptions.Item label={t(card.online ? 'deviceCard.onlineSince' : 'deviceCard.lastSeen')}>
            {formatDateTime(card.since)}
          </Descriptions.Item>
        )}
        {card.firmwareVersion && (
          <Descriptions.Item label={t('deviceCard.firmware')}>{card.firmwareVersion}</Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
