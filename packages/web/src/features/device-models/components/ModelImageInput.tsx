import { useState } from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/feedback';
import { imageSize, readAsDataUrl } from '../../../lib/files';
import { IMAGE_MAX_BYTES, IMAGE_SUGGESTED_PX, IMAGE_TYPES } from './model-codes';

/**
 * The model picture as a form control: the value is a data URL. The file is checked here
 * (PNG/JPG, ≤ 100 KB) before the server checks it again; other sizes than 100×100 are allowed
 * but flagged.
 */
export function ModelImageInput({
  value,
  onChange,
  current,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  /** the saved image (object URL) shown until a new one is picked */
  current?: string | null;
}) {
  const { t } = useTranslation();
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const preview = value ?? current ?? undefined;

  const pick = async (file: File) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toastError(t('model.imageType'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toastError(t('model.imageTooLarge'));
      return;
    }
    const url = await readAsDataUrl(file);
    setSize(await imageSize(url).catch(() => null));
    onChange?.(url);
  };

  const offSize = size && (size.width !== IMAGE_SUGGESTED_PX || size.height !== IMAGE_SUGGESTED_PX);
  return (
    <Space align="start" size={16}>
      <div
        style={{
          width: 104,
          height: 104,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {preview ? (
          <Image
            src={preview}
            width={100}
            height={100}
            style={{ objectFit: 'contain' }}
            data-testid="model-image-preview"
          />
        ) : (
          <Typography.Text type="secondary">100×100</Typography.Text>
        )}
      </div>
      <Space direction="vertical" size={4}>
        <div data-testid="model-image-input">
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="model-image-upload">
              {t('model.pickImage')}
            </Button>
          </Upload>
        </div>
        <Typography.Text type="secondary">{t('model.imageHint')}</Typography.Text>
        {offSize && (
          <Typography.Text type="warning" data-testid="model-image-size-warning">
            {t('model.imageSizeWarning', { width: size.width, height: size.height })}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
