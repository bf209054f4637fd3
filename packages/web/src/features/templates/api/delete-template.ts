import { templatesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Refused by the server while a business uses the template (its message is shown). */
export const deleteTemplate = (id: number) => call(templatesApi.remove, { params: { id } });
