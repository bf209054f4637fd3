import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { MODEL_TYPES } from '@herald/contract';

export const P = 'herald.device.model';

/** Spec section 5: model image required, PNG or JPG, at most 100 KB, suggested 100×100. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_MAX_BYTES = 100 * 1024;
export const IMAGE_SUGGESTED_PX = 100;

export const modelTypeOptions = (t: TFunction) => MODEL_TYPES.map((v) => ({ value: v, label: t(`model.type.${v}`) }));

export const modelStatusEnum = (t: TFunction) => ({
  1: { text: t('model.status.1'), status: 'Success' },
  0: { text: t('model.status.0'), status: 'Default' },
});

/** Required unless the model already has an image (edit keeps it when none is picked). */
export const imageRule = (t: TFunction, optional: boolean): Rule => ({
  validator: (_, v?: string) =>
    v || optional ? Promise.resolve() : Promise.reject(new Error(t('model.imageRequired'))),
});
