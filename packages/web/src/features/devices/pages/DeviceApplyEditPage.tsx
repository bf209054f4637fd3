import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { registrationQuery, updateRegistration } from '../api/registrations';
import type { UpdateDeviceBody } from '../api/types';
import { DeviceInfoFields } from '../components/DeviceInfoFields';
import { pageSubmitter } from '../../../lib/page-submitter';

export function DeviceApplyEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const queryClient = useQueryClient();
  const query = useQuery({ ...registrationQuery(id), staleTime: 0 });
  const d = query.data;
  if (!d) return <DetailFallback query={query} back="/device/device-apply" />;
  return (
    <Card title={`${t('device.actions.editInfo')} · ${d.sn}`}>
      <ProForm<UpdateDeviceBody>
        data-testid="device-apply-edit-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ name: d.name ?? '', contactPhone: d.contactPhone ?? '', groupId: d.groupId ?? undefined }}
        submitter={pageSubmitter('save', 'device-apply-submit', () => navigate('/device/device-apply'))}
        onFinish={async (v) => {
          try {
            await updateRegistration(d.id, { ...v, name: v.name ?? '', contactPhone: v.contactPhone ?? '' });
          } catch {
            return false;
          }
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: registrationQuery(d.id).queryKey });
          await queryClient.invalidateQueries({ queryKey: ['devices', d.id] });
          navigate('/device/device-apply');
          return true;
        }}
      >
        <DeviceInfoFields accountId={d.accountId} />
      </ProForm>
    </Card>
  );
}
