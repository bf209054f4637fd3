import { templatesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { PaperWidth } from './types';

/**
 * "Simulation": unsaved markup with sample values. Silent: while someone is typing, a body that
 * does not render yet is expected, and the preview panel shows the message instead of a toast.
 */
export const previewMarkup = (body: string, params: Record<string, string>, paperWidth: PaperWidth) =>
  call(templatesApi.preview, { body: { body, params, paperWidth } }, { silent: true });

/** A saved template with its saved samples. */
export const previewSaved = (id: number, paperWidth: PaperWidth) =>
  call(templatesApi.previewSaved, { params: { id }, query: { paperWidth } }, { silent: true });
