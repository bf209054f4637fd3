import { z } from 'zod';
import { idParamSchema, pageOf } from '../envelope';
import {
  createTemplateBody,
  templateListItemSchema,
  templateListQuery,
  templatePreviewBody,
  templatePreviewQuery,
  templatePreviewSchema,
  templateSchema,
  updateTemplateBody,
} from '../schemas/templates';
import { route } from './route';

const tags = ['templates'];
/** Templates belong to accounts: account side only. */
const ac = (action: string) => ({ side: 'ac', permission: `herald.dev.template.${action}` }) as const;

export const templatesApi = {
  list: route({
    method: 'GET',
    path: '/v1/templates',
    query: templateListQuery,
    response: pageOf(templateListItemSchema),
    access: ac('query'),
    summary: 'List print templates',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/templates',
    body: createTemplateBody,
    response: templateSchema,
    access: ac('add'),
    summary: 'Create a print template',
    tags,
  }),
  // "simulation" is allowed to anyone who may add or edit templates
  preview: route({
    method: 'POST',
    path: '/v1/templates/preview',
    body: templatePreviewBody,
    response: templatePreviewSchema,
    access: {
      side: 'ac',
      permission: ['herald.dev.template.add', 'herald.dev.template.edit', 'herald.dev.template.query'],
    },
    summary: 'Render unsaved template markup with sample values (SVG)',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/templates/:id',
    params: idParamSchema,
    response: templateSchema,
    access: ac('query'),
    summary: 'Print template detail',
    tags,
  }),
  previewSaved: route({
    method: 'GET',
    path: '/v1/templates/:id/preview',
    params: idParamSchema,
    query: templatePreviewQuery,
    response: templatePreviewSchema,
    access: ac('query'),
    summary: 'Render a saved template with its sample values (SVG)',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/templates/:id',
    params: idParamSchema,
    body: updateTemplateBody,
    response: templateSchema,
    access: ac('edit'),
    summary: 'Edit a print template',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/templates/:id',
    params: idParamSchema,
    response: z.null(),
    access: ac('delete'),
    summary: 'Delete a print template (refused while a business uses it)',
    tags,
  }),
};
