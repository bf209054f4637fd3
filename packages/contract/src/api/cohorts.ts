import { z } from 'zod';
import {
  createOtaCohortBody,
  otaCohortDetailSchema,
  otaCohortListQuery,
  otaCohortSchema,
  updateOtaCohortBody,
} from '../schemas/ota-cohorts';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['ota-cohorts'];
/** Both sides: operators act on an account they name, account users on their own. */
const access = (action: string) => ({ permission: `herald.ota.cohort.${action}` }) as const;

export const cohortsApi = {
  list: route({
    method: 'GET',
    path: '/v1/ota-cohorts',
    query: otaCohortListQuery,
    response: pageOf(otaCohortSchema),
    access: access('query'),
    summary: 'List cohorts (named device sets for upgrade tasks)',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/ota-cohorts',
    body: createOtaCohortBody,
    response: otaCohortDetailSchema,
    access: access('add'),
    summary: 'Create a cohort from a device-list filter, a spreadsheet of S/Ns, or devices picked by hand',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/ota-cohorts/:id',
    params: idParamSchema,
    response: otaCohortDetailSchema,
    access: access('query'),
    summary: 'Cohort detail with its members',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/ota-cohorts/:id',
    params: idParamSchema,
    body: updateOtaCohortBody,
    response: otaCohortDetailSchema,
    access: access('edit'),
    summary: 'Rename a cohort, or replace its members from a new source',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/ota-cohorts/:id',
    params: idParamSchema,
    response: z.null(),
    access: access('delete'),
    summary: 'Delete a cohort (tasks that used it keep their devices)',
    tags,
  }),
};
