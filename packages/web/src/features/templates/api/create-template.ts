import { post } from '../../../lib/http';
import type { Template, TemplateBody } from './types';

export const createTemplate = (body: TemplateBody) => post<Template>('/v1/templates', body);
