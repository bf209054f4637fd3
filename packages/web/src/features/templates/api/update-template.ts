import { put } from '../../../lib/http';
import type { Template, TemplateBody } from './types';

export const updateTemplate = (id: number, body: TemplateBody) => put<Template>(`/v1/templates/${id}`, body);
