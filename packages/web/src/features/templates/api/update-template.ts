import { templatesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { TemplateBody } from './types';

export const updateTemplate = (id: number, body: TemplateBody) => call(templatesApi.update, { params: { id }, body });
