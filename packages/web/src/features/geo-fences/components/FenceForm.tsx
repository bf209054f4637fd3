import { Card, Form, InputNumber, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { ProForm, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { FENCE_DEVICES_MAX, FENCE_RADIUS_MAX_M, type CreateFenceBody, type FenceDetail } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { pageSubmitter } from '../../../lib/page-submitter';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { DeviceSelect } from './DeviceSelect';
import { FenceCentreMap } from './FenceCentreMap';
import { formValuesOf, radiusProblem, roundCoordinate, toFenceBody, type FenceFormValues } from './fence-body';

/**
 * Add and edit a fence: name, description, enabled, radius in metres, the centre (typed, or a
 * click on the map, where the circle previews as it is typed) and the watched devices.
 */
export function FenceForm({
  fence,
  title,
  onSave,
  onCancel,
}: {
  fence?: FenceDetail;
  title: string;
  onSave: (body: CreateFenceBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FenceFormValues>();
  const lat: unknown = Form.useWatch('lat', form);
  const lng: unknown = Form.useWatch('lng', form);
  const radius: unknown = Form.useWatch('radius', form);
  const chosen = (Form.useWatch('deviceIds', form) as number[] | undefined)?.length ?? fence?.devices.length ?? 0;

  const radiusRule: Rule = {
    validator: (_, v?: number | null) => {
      const problem = radiusProblem(v);
      return problem ? Promise.reject(new Error(t(problem, { max: FENCE_RADIUS_MAX_M }))) : Promise.resolve();
    },
  };
  const coordinateRules = (limit: number): Rule[] => [
    requiredSelect(),
    { type: 'number', min: -limit, max: limit, message: t('validation.format') },
  ];
  const pickCentre = (at: { lat: number; lng: number }) => {
    form.setFieldsValue({ lat: roundCoordinate(at.lat), lng: roundCoordinate(at.lng) });
    void form.validateFields(['lat', 'lng']).catch(() => undefined);
  };

  return (
    <Card title={title}>
      <ProForm<FenceFormValues>
        form={form}
        // field ids of their own: the kept-alive list's filter form also has a "name" field
        name="geo-fence"
        data-testid="fence-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        initialValues={fence ? formValuesOf(fence) : { enabled: true, deviceIds: [] }}
        submitter={pageSubmitter(fence ? 'save' : 'submit', 'fence-save', onCancel)}
        onFinish={(v) => savedOrFieldErrors(form, () => onSave(toFenceBody(v)))}
      >
        <ProFormText
          name="name"
          label={t('geoFence.fields.name')}
          rules={[required(), maxLen(64)]}
          fieldProps={{ maxLength: 64, 'data-testid': 'fence-name' } as object}
        />
        <ProFormTextArea
          name="description"
          label={t('geoFence.fields.description')}
          rules={[maxLen(255)]}
          fieldProps={{ rows: 2, maxLength: 255, showCount: true, 'data-testid': 'fence-description' } as object}
        />
        <ProFormSwitch
          name="enabled"
          label={t('geoFence.fields.enabled')}
          extra={t('geoFence.enabledHint')}
          fieldProps={{ 'data-testid': 'fence-enabled' } as object}
        />
        <Form.Item
          name="radius"
          label={t('geoFence.fields.radius')}
          extra={t('geoFence.radiusHint', { max: FENCE_RADIUS_MAX_M })}
          rules={[requiredSelect(), radiusRule]}
        >
          <InputNumber addonAfter="m" step={50} style={{ width: 220 }} data-testid="fence-radius" />
        </Form.Item>
        <Form.Item label={t('geoFence.fields.centre')} required extra={t('geoFence.centreHint')}>
          <Space wrap align="start">
            <Form.Item name="lat" rules={coordinateRules(90)} noStyle>
              <InputNumber
                addonBefore={t('geoFence.fields.lat')}
                step={0.001}
                precision={6}
                style={{ width: 220 }}
                data-testid="fence-lat"
              />
            </Form.Item>
            <Form.Item name="lng" rules={coordinateRules(180)} noStyle>
              <InputNumber
                addonBefore={t('geoFence.fields.lng')}
                step={0.001}
                precision={6}
                style={{ width: 220 }}
                data-testid="fence-lng"
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 14 }}>
          <FenceCentreMap lat={lat} lng={lng} radius={radius} onPick={pickCentre} />
        </Form.Item>
        <Form.Item
          name="deviceIds"
          label={t('geoFence.fields.devices')}
          extra={t('geoFence.devicesHint', { count: chosen, max: FENCE_DEVICES_MAX })}
          rules={[{ type: 'array', max: FENCE_DEVICES_MAX, message: t('validation.maxLength') }]}
        >
          <DeviceSelect known={fence?.devices} />
        </Form.Item>
      </ProForm>
    </Card>
  );
}
