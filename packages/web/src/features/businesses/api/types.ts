import type { createBusinessBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Business, TemplateOption } from '@herald/contract';
export type BusinessBody = Infer<typeof createBusinessBody>;
