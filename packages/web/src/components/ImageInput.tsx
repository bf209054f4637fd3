import { useState, type ReactNode } from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { toastError } from '../lib/feedback';
import { imageSize, readAsDataUrl } from '../lib/files';

export type ImageRules = {
  /** MIME types accepted, and the matching file extensions for the picker */
  types: readonly string[];
  accept: string;
  maxBytes: number;
  /** other sizes are allowed but flagged */
  suggestedPx: number;
  /** a larger side is refused here (the server refuses it too) */
  maxPx?: number;
};
export type ImageTexts = {
  pick: string;
  hint: string;
  badType: string;
  tooLarge: string;
  tooManyPixels?: string;
  sizeWarning: (size: { width: number; height: number }) => string;
};

/**
 * A picture as a form control: the value is a data URL. The file is checked here before the
 * server checks it again, so a wrong one is named at once.
 */
export function ImageInput({
  value,
  onChange,
  current,
  rules,
  texts,
  testId,
  extra,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  /** the saved image (URL) shown until a new one is picked */
  current?: string | null;
  rules: ImageRules;
  texts: ImageTexts;
  /** prefix of the data-testid attributes (`<testId>-preview`, `-input`, `-upload`, `-size-warning`) */
  testId: string;
  /** more controls under the picker (e.g. a remove button) */
  extra?: ReactNode;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const preview = value ?? current ?? undefined;
  const box = rules.suggestedPx + 4;

  const pick = async (file: File) => {
    if (!rules.types.includes(file.type)) return toastError(texts.badType);
    if (file.size > rules.maxBytes) return toastError(texts.tooLarge);
    const url = await readAsDataUrl(file);
    const measured = await imageSize(url).catch(() => null);
    if (!measured) return toastError(texts.badType);
    if (rules.maxPx && (measured.width > rules.maxPx || measured.height > rules.maxPx)) {
      return toastError(texts.tooManyPixels ?? texts.tooLarge);
    }
    setSize(measured);
    onChange?.(url);
  };

  // the size is of the picture just picked: one taken away (removed, or the form reset) has none
  const offSize =
    value !== undefined && size && (size.width !== rules.suggestedPx || size.height !== rules.suggestedPx);
  return (
    <Space align="start" size={16}>
      <div
        style={{
          width: Math.min(box, 184),
          height: Math.min(box, 184),
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
            width={Math.min(rules.suggestedPx, 180)}
            height={Math.min(rules.suggestedPx, 180)}
            style={{ objectFit: 'contain' }}
            data-testid={`${testId}-preview`}
          />
        ) : (
          <Typography.Text type="secondary">
            {rules.suggestedPx}×{rules.suggestedPx}
          </Typography.Text>
        )}
      </div>
      <Space direction="vertical" size={4}>
        <div data-testid={`${testId}-input`}>
          <Upload
            accept={rules.accept}
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid={`${testId}-upload`}>
              {texts.pick}
            </Button>
          </Upload>
        </div>
        <Typography.Text type="secondary">{texts.hint}</Typography.Text>
        {offSize && (
          <Typography.Text type="warning" data-testid={`${testId}-size-warning`}>
            {texts.sizeWarning(size)}
          </Typography.Text>
        )}
        {extra}
      </Space>
    </Space>
  );
}
