import { useEffect, useRef, useState } from 'react';

import { Button, Form, Modal, Radio, Slider, Switch, Typography, Upload, type ButtonProps } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { PAPER_DOTS, STARTUP_LOGO_MAX_HEIGHT } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/feedback';
import { loadImage } from '../../../lib/files';
import { encodeMonoBmp, fitSize, luminance, toMono } from './mono-bmp';

type Settings = { dots: number; threshold: number; dither: boolean };

/**
 * "Make one from a picture": most shops have their logo as a PNG or JPG, not as the monochrome
 * BMP a printer takes. The picture is fitted to the chosen print head, turned to black and white
 * with a threshold the user moves while watching the result, and handed on as a BMP file.
 */
export function LogoMaker({ upload, disabled }: { upload: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [picture, setPicture] = useState<{ img: HTMLImageElement; name: string } | null>(null);

  const pick = async (file: File) => {
    const url = URL.createObjectURL(file);
    try {
      setPicture({ img: await loadImage(url), name: file.name.replace(/\.[^.]*$/, '') || 'logo' });
    } catch {
      toastError(t('pushTask.logoMaker.notPicture'));
    } finally {
      URL.revokeObjectURL(url);
    }
  };

  return (
    <>
      <Upload
        accept="image/*"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void pick(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<PictureOutlined />} disabled={disabled} data-testid="logo-maker-pick">
          {t('pushTask.logoMaker.open')}
        </Button>
      </Upload>
      {picture && (
        <MakerModal
          picture={picture.img}
          onCancel={() => setPicture(null)}
          onDone={(bytes) => {
            setPicture(null);
            upload(new File([bytes], `${picture.name}.bmp`, { type: 'image/bmp' }));
          }}
        />
      )}
    </>
  );
}

function MakerModal({
  picture,
  onCancel,
  onDone,
}: {
  picture: HTMLImageElement;
  onCancel: () => void;
  onDone: (bmp: Uint8Array<ArrayBuffer>) => void;
}) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Settings>({ dots: PAPER_DOTS[58], threshold: 128, dither: false });
  const canvas = useRef<HTMLCanvasElement>(null);
  const made = useRef<{ black: Uint8Array; width: number } | null>(null);
  const size = fitSize(picture.naturalWidth, picture.naturalHeight, settings.dots, STARTUP_LOGO_MAX_HEIGHT);

  // draw the black-and-white result whenever a setting moves
  useEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d', { willReadFrequently: true });
    if (!c || !g) return;
    c.width = size.width;
    c.height = size.height;
    g.imageSmoothingQuality = 'high';
    g.clearRect(0, 0, size.width, size.height);
    g.drawImage(picture, 0, 0, size.width, size.height);
    const frame = g.getImageData(0, 0, size.width, size.height);
    const black = toMono(luminance(frame.data), size.width, settings.threshold, settings.dither);
    for (let i = 0; i < black.length; i++)
      frame.data.fill(black[i] ? 0 : 255, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4);
    g.putImageData(frame, 0, 0);
    made.current = { black, width: size.width };
  }, [picture, size.width, size.height, settings]);

  return (
    <Modal
      open
      width={680}
      title={t('pushTask.logoMaker.title')}
      onCancel={onCancel}
      okText={t('pushTask.logoMaker.use')}
      okButtonProps={{ 'data-testid': 'logo-maker-ok' } as ButtonProps}
      onOk={() =>
        made.current && onDone(encodeMonoBmp(made.current.black, made.current.width) as Uint8Array<ArrayBuffer>)
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('pushTask.logoMaker.head')}>
          <Radio.Group
            value={settings.dots}
            onChange={(e) => setSettings((s) => ({ ...s, dots: e.target.value as number }))}
            options={[
              { value: PAPER_DOTS[58], label: t('pushTask.logoMaker.head58') },
              { value: PAPER_DOTS[80], label: t('pushTask.logoMaker.head80') },
            ]}
            data-testid="logo-maker-head"
          />
        </Form.Item>
        <Form.Item label={t('pushTask.logoMaker.threshold')}>
          <Slider
            min={1}
            max={254}
            value={settings.threshold}
            onChange={(threshold) => setSettings((s) => ({ ...s, threshold }))}
          />
        </Form.Item>
        <Form.Item label={t('pushTask.logoMaker.dither')} extra={t('pushTask.logoMaker.ditherHint')}>
          <Switch checked={settings.dither} onChange={(dither) => setSettings((s) => ({ ...s, dither }))} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" data-testid="logo-maker-size">
        {t('pushTask.logoMaker.size', size)}
      </Typography.Text>
      <div style={{ marginTop: 8, overflow: 'auto', border: '1px dashed #d9d9d9', padding: 8, background: '#fff' }}>
        <canvas
          ref={canvas}
          data-testid="logo-maker-preview"
          style={{ imageRendering: 'pixelated', maxWidth: '100%' }}
        />
      </div>
    </Modal>
  );
}
