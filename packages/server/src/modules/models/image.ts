import { MODEL_IMAGE_MAX_BYTES, MODEL_IMAGE_MIMES } from '@herald/contract';
import { decodeImage } from '../../lib/image';

/** A model image: PNG or JPG (by its signature), at most 100 KB. */
export const decodeModelImage = (input: string) =>
  decodeImage(input, {
    mimes: MODEL_IMAGE_MIMES,
    maxBytes: MODEL_IMAGE_MAX_BYTES,
    field: 'image',
    formatKey: 'error.modelImageFormat',
    tooLargeKey: 'error.modelImageTooLarge',
  });
