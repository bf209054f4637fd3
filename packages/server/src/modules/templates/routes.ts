import { z } from 'zod';
import {
  createTemplateBody,
  envelope,
  idParamSchema,
  pageOf,
  templateListItemSchema,
  templateListQuery,
  templatePreviewBody,
  templatePreviewQuery,
  templatePreviewSchema,
  templateSchema,
  updateTemplateBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as templates from './service';

const tags = ['templates'];
/** Templates belong to accounts: account side only. */
const ac = (action: string) => ({ access: { side: 'ac', permission: `herald.dev.template.${action}` } }) as const;

const templateRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/templates',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: 'List print templates',
        querystring: templateListQuery,
        response: { 200: envelope(pageOf(templateListItemSchema)) },
      },
    },
    async (req) => ok(await templates.listTemplates(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/templates',
    {
      config: ac('add'),
      schema: {
        tags,
        summary: 'Create a print template',
        body: createTemplateBody,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (req) => ok(await templates.createTemplate(deps, req.auth, req.body)),
  );
  // "simulation" is allowed to anyone who may add or edit templates
  app.post(
    '/v1/templates/preview',
    {
      config: {
        access: {
          side: 'ac',
          permission: ['herald.dev.template.add', 'herald.dev.template.edit', 'herald.dev.template.query'],
        },
      },
      schema: {
        tags,
        summary: 'Render unsaved template markup with sample values (SVG)',
        body: templatePreviewBody,
        response: { 200: envelope(templatePreviewSchema) },
      },
    },
    async (req) => ok(await templates.previewMarkup(deps, req.body)),
  );
  app.get(
    '/v1/templates/:id',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: 'Print template detail',
        params: idParamSchema,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (req) => ok(await templates.getTemplate(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/templates/:id/preview',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: 'Render a saved template with its sample values (SVG)',
        params: idParamSchema,
        querystring: templatePreviewQuery,
        response: { 200: envelope(templatePreviewSchema) },
      },
    },
    async (req) =>
      ok(await templates.previewSaved(deps, req.auth, req.params.id, req.query.paperWidth as 58 | 80 | undefined)),
  );
  app.put(
    '/v1/templates/:id',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Edit a print template',
        params: idParamSchema,
        body: updateTemplateBody,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (req) => ok(await templates.updateTemplate(deps, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/v1/templates/:id',
    {
      config: ac('delete'),
      schema: {
        tags,
        summary: 'Delete a print template (refused while a business uses it)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await templates.deleteTemplate(deps, req.auth, req.params.id).then(() => null)),
  );
};

export default templateRoutes;
