import { Col, Row, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountApiQuery } from '../api/account-api';
import { AddedParamsCard } from '../components/AddedParamsCard';
import { DeliveryLog } from '../components/DeliveryLog';
import { GeoSecretCard } from '../components/GeoSecretCard';
import { KeysCard } from '../components/KeysCard';
import { PushUrlsCard } from '../components/PushUrlsCard';
import { SignGuide } from '../components/SignGuide';

/** /system/api: the account's open API keys, push addresses, value-added parameters and push log. */
export function AccountApiPage() {
  const { t } = useTranslation();
  const { data } = useQuery(accountApiQuery());
  if (!data) return <Spin />;
  const settings = (
    <Row gutter={[16, 16]}>
      {/* the keys table needs the page's width: its actions stay in view at 1440 px */}
      <Col span={24}>
        <KeysCard detail={data} />
      </Col>
      <Col xs={24} xl={14}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            {/* keyed by the saved values, so a save shows what the server kept */}
            <PushUrlsCard key={`push-${data.updatedAt}`} detail={data} />
          </Col>
          <Col span={24}>
            <AddedParamsCard key={`added-${data.updatedAt}`} detail={data} />
          </Col>
          <Col span={24}>
            <GeoSecretCard detail={data} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} xl={10}>
        <SignGuide appKey={data.appKey} />
      </Col>
    </Row>
  );
  return (
    <Tabs
      data-testid="api-page"
      items={[
        { key: 'settings', label: t('accountApi.tabs.settings'), children: settings },
        { key: 'log', label: t('accountApi.tabs.log'), children: <DeliveryLog /> },
      ]}
    />
  );
}
