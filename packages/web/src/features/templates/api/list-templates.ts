import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { TemplateListItem } from './types';

export const listTemplates = (params: Params) => get<Page<TemplateListItem>>('/v1/templates', params);
