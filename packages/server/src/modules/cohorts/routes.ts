import { z } from 'zod';
import {
  createOtaCohortBody,
  envelope,
  idParamSchema,
  otaCohortDetailSchema,
  otaCohortListQuery,
  otaCohortSchema,
  pageOf,
  updateOtaCohortBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as cohorts from './service';

const tags = ['ota-cohorts'];
/** Both sides: operators act on an account they name, account users on their own. */
const access = (action: string) => ({ access: { permission: `herald.ota.cohort.${action}` } }) as const;

const cohortRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/ota-cohorts',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'List cohorts (named device sets for upgrade tasks)',
        querystring: otaCohortListQuery,
        response: { 200: envelope(pageOf(otaCohortSchema)) },
      },
    },
    async (req) => ok(await cohorts.listCohorts(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/ota-cohorts',
    {
      config: access('add'),
      schema: {
        tags,
        summary: 'Create a cohort from a device-list filter, a spreadsheet of S/Ns, or devices picked by hand',
        body: createOtaCohortBody,
        response: { 200: envelope(otaCohortDetailSchema) },
      },
    },
    async (req) => ok(await cohorts.createCohort(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/ota-cohorts/:id',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'Cohort detail with its members',
        params: idParamSchema,
        response: { 200: envelope(otaCohortDetailSchema) },
      },
    },
    async (req) => ok(await cohorts.getCohort(deps, req.auth, req.params.id)),
  );
  app.put(
    '/v1/ota-cohorts/:id',
    {
      config: access('edit'),
      schema: {
        tags,
        summary: 'Rename a cohort, or replace its members from a new source',
        params: idParamSchema,
        body: updateOtaCohortBody,
        response: { 200: envelope(otaCohortDetailSchema) },
      },
    },
    async (req) => ok(await cohorts.updateCohort(deps, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/v1/ota-cohorts/:id',
    {
      config: access('delete'),
      schema: {
        tags,
        summary: 'Delete a cohort (tasks that used it keep their devices)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await cohorts.deleteCohort(deps, req.auth, req.params.id)),
  );
};

export default cohortRoutes;
