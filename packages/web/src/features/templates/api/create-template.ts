import { templatesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { TemplateBody } from './types';

export const createTemplate = (body: TemplateBody) => call(templatesApi.create, { body });
