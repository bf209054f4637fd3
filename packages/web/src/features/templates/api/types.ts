import type { createTemplateBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Template, TemplateListItem, TemplatePreview } from '@herald/contract';
export type TemplateBody = Infer<typeof createTemplateBody>;
export type PaperWidth = 58 | 80;
