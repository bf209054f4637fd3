import { get, post } from '../../../lib/http';
import type { PaperWidth, TemplatePreview } from './types';

/**
 * "Simulation": unsaved markup with sample values. Silent: while someone is typing, a body that
 * does not render yet is expected, and the preview panel shows the message instead of a toast.
 */
export const previewMarkup = (body: string, params: Record<string, string>, paperWidth: PaperWidth) =>
  post<TemplatePreview>('/v1/templates/preview', { body, params, paperWidth }, { silent: true });

/** A saved template with its saved samples. */
export const previewSaved = (id: number, paperWidth: PaperWidth) =>
  get<TemplatePreview>(`/v1/templates/${id}/preview`, { paperWidth }, { silent: true });
