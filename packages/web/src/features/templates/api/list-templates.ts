import { templatesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { Params } from '../../../lib/http';

export const listTemplates = (query: Params) => call(templatesApi.list, { query });
