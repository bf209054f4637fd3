import { useTranslation } from 'react-i18next';
import { ImageInput } from '../../../components/ImageInput';
import { IMAGE_MAX_BYTES, IMAGE_SUGGESTED_PX, IMAGE_TYPES } from './model-codes';

const RULES = {
  types: IMAGE_TYPES,
  accept: '.png,.jpg,.jpeg',
  maxBytes: IMAGE_MAX_BYTES,
  suggestedPx: IMAGE_SUGGESTED_PX,
};

/** The model picture (PNG/JPG, ≤ 100 KB; other sizes than 100×100 are allowed but flagged). */
export function ModelImageInput(props: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  current?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <ImageInput
      {...props}
      rules={RULES}
      testId="model-image"
      texts={{
        pick: t('model.pickImage'),
        hint: t('model.imageHint'),
        badType: t('model.imageType'),
        tooLarge: t('model.imageTooLarge'),
        sizeWarning: (s) => t('model.imageSizeWarning', s),
      }}
    />
  );
}
