import { useState } from 'react';
import { apiUrl, apiUrlOrNone } from '../../../lib/config';
import { Alert, Button, Card, Form, Image, Input, Modal, Space, Typography, type ButtonProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  QR_LOGO_MAX_BYTES,
  QR_LOGO_MAX_PX,
  QR_LOGO_SUGGESTED_PX,
  QR_PRODUCT_NAME_MAX,
  type QrBrand,
  type QrBrandBody,
} from '@herald/contract';
import { ImageInput } from '../../../components/ImageInput';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { qrBrandQuery, updateQrBrand } from '../api/qr-brand';

const LOGO_RULES = {
  types: ['image/png'],
  accept: '.png',
  maxBytes: QR_LOGO_MAX_BYTES,
  suggestedPx: QR_LOGO_SUGGESTED_PX,
  maxPx: QR_LOGO_MAX_PX,
};

/**
 * The account's custom QR code (value-added): its logo and product name, shown on the QR code
 * page above the devices, with an editor for those who may edit the page. Without the service it
 * says the platform has to turn it on.
 */
export function QrBrandCard({ canEdit, onSaved }: { canEdit: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(qrBrandQuery());
  const [editing, setEditing] = useState(false);
  const b = q.data;
  if (!b) return null;
  if (!b.enabled) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="qr-brand-disabled"
        message={t('deviceCode.brand.title')}
        description={`${t('deviceCode.brand.about')} ${t('deviceCode.brand.notEnabled')}`}
      />
    );
  }
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={t('deviceCode.brand.title')}
      data-testid="qr-brand-card"
      extra={
        canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="qr-brand-edit">
            {t('common.edit')}
          </Button>
        )
      }
    >
      <Space size={16} align="center">
        {b.logoUrl ? (
          <Image
            src={apiUrl(b.logoUrl)}
            width={48}
            height={48}
            style={{ objectFit: 'contain' }}
            data-testid="qr-brand-logo"
          />
        ) : (
          <Typography.Text type="secondary">{t('deviceCode.brand.noLogo')}</Typography.Text>
        )}
        <div>
          <Typography.Text strong data-testid="qr-brand-name">
            {b.productName ?? t('deviceCode.brand.noName')}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('deviceCode.brand.about')}</Typography.Text>
        </div>
      </Space>
      {editing && (
        <BrandModal
          brand={b}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
        />
      )}
    </Card>
  );
}

type Values = { productName?: string; logo?: string };

function BrandModal({ brand, onClose, onSaved }: { brand: QrBrand; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  // the saved logo is shown until a new one is picked or it is removed
  const [removeLogo, setRemoveLogo] = useState(false);
  const picked = Form.useWatch('logo', form);
  const save = useMutation({
    mutationFn: (body: QrBrandBody) => updateQrBrand(body),
    onSuccess: (saved) => {
      client.setQueryData(qrBrandQuery().queryKey, saved);
      toastSuccess();
      onSaved();
    },
  });
  const submit = (v: Values) => {
    const body: QrBrandBody = { productName: v.productName?.trim() || null };
    if (v.logo) body.logo = v.logo;
    else if (removeLogo) body.logo = null;
    save.mutate(body);
  };
  const current = removeLogo ? null : apiUrlOrNone(brand.logoUrl);
  return (
    <Modal
      open
      title={t('deviceCode.brand.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'qr-brand-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ productName: brand.productName ?? '' }}
        onFinish={submit}
        data-testid="qr-brand-form"
      >
        <Form.Item
          name="productName"
          label={t('deviceCode.brand.productName')}
          extra={t('deviceCode.brand.productNameHint')}
          rules={[{ max: QR_PRODUCT_NAME_MAX, message: t('deviceCode.brand.productNameTooLong') }]}
        >
          <Input maxLength={QR_PRODUCT_NAME_MAX} showCount data-testid="qr-brand-name-input" />
        </Form.Item>
        <Form.Item name="logo" label={t('deviceCode.brand.logo')}>
          <ImageInput
            current={current}
            rules={LOGO_RULES}
            testId="qr-brand-logo"
            texts={{
              pick: t('deviceCode.brand.pickLogo'),
              hint: t('deviceCode.brand.logoHint'),
              badType: t('error.qrLogoFormat'),
              tooLarge: t('error.qrLogoTooLarge'),
              tooManyPixels: t('error.qrLogoDimensions'),
              sizeWarning: (s) => t('deviceCode.brand.logoSizeWarning', s),
            }}
            extra={
              (current || picked) && (
                <Button
                  danger
                  size="small"
                  data-testid="qr-brand-logo-remove"
                  onClick={() =>
                    confirmDialog({
                      title: t('common.tip'),
                      content: t('deviceCode.brand.removeLogoConfirm'),
                      okButtonProps: { 'data-testid': 'confirm-ok' },
                      onOk: () => {
                        form.setFieldValue('logo', undefined);
                        setRemoveLogo(true);
                      },
                    })
                  }
                >
                  {t('deviceCode.brand.removeLogo')}
                </Button>
              )
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
