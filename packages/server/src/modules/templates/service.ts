import {
  CHARS_PER_LINE,
  type CreateTemplateBody,
  type Page,
  type Template,
  type TemplateCommand,
  type TemplateListItem,
  type TemplateListQuery,
  type TemplateParam,
  type TemplatePreview,
  type TemplatePreviewBody,
  type UpdateTemplateBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, invalid, notFound } from '../../lib/errors';
import { iso, offsetOf } from '../../lib/filters';
import { dataOwner, mustOwn } from '../../lib/data-scope';
import { targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import { fill, malformedPlaceholders, placeholders, printerOf } from './render';
import { renderedOrRefused } from './refused';
import * as repo from './repo';

type StoredParam = { name: string; sample: string; description?: string | null };

const storedParams = (row: repo.TemplateRow): StoredParam[] =>
  Array.isArray(row.params) ? (row.params as StoredParam[]) : [];

function toListItem(v: repo.TemplateView): TemplateListItem {
  const t = v.template;
  return {
    id: t.id,
    accountId: t.accountId,
    name: t.name,
    purpose: t.purpose,
    modelId: t.modelId,
    modelName: v.modelName,
    command: t.command as TemplateCommand,
    paramCount: storedParams(t).length,
    businessCount: v.businessCount,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

const toTemplate = (v: repo.TemplateView): Template => ({
  ...toListItem(v),
  body: v.template.body,
  params: storedParams(v.template).map((p) => ({
    name: p.name,
    sample: p.sample ?? '',
    description: p.description ?? null,
  })),
});

/** Templates are account-side only: the caller's own account. */
const accountOf = (auth: AuthContext) => targetAccount(auth, undefined);

export async function listTemplates(
  deps: Deps,
  auth: AuthContext,
  q: TemplateListQuery,
): Promise<Page<TemplateListItem>> {
  const { rows, total } = await repo.listTemplates(deps.db, {
    accountId: accountOf(auth),
    createdBy: dataOwner(auth),
    name: q.name || undefined,
    modelId: q.modelId,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toListItem), total, page: q.page, pageSize: q.pageSize };
}

/** A live template of the caller's account; another account's is "not found". */
export async function scopedTemplate(deps: Deps, auth: AuthContext, id: number): Promise<repo.TemplateView> {
  const v = await repo.findTemplateView(deps.db, id);
  if (!v || v.template.accountId !== accountOf(auth)) throw notFound();
  mustOwn(auth, v.template.createdBy);
  return v;
}

export const getTemplate = async (deps: Deps, auth: AuthContext, id: number) =>
  toTemplate(await scopedTemplate(deps, auth, id));

/** Every placeholder of the body is declared, and the body renders with the samples at both widths. */
async function checkBody(deps: Deps, body: string, params: TemplateParam[] | StoredParam[], command: string) {
  const declared = new Set(params.map((p) => p.name));
  if (placeholders(body).some((n) => !declared.has(n))) throw invalid('error.templateParamUndeclared', 'body');
  const samples = Object.fromEntries(params.map((p) => [p.name, p.sample ?? '']));
  for (const paperWidth of [58, 80] as const) await render(deps, body, samples, paperWidth, command);
}

/**
 * The SVG picture of a body filled with `values`, once its printer commands (`command`, ESC/POS
 * by default) have rendered within the limits; a malformed placeholder cannot be rendered.
 */
async function render(
  deps: Deps,
  body: string,
  values: Record<string, unknown>,
  paperWidth: 58 | 80,
  command?: string,
): Promise<string> {
  if (malformedPlaceholders(body).length > 0) throw invalid('error.templateRender', 'body');
  const printer = printerOf({ paperWidth, command: command as TemplateCommand | undefined });
  return renderedOrRefused(deps.renderer.preview(fill(body, values).markup, printer), 'body');
}

async function checkModel(deps: Deps, modelId: number) {
  if (!(await repo.findPrinterModel(deps.db, modelId))) throw invalid('error.modelNotFound', 'modelId');
}

/**
 * Names are unique among the account's live templates; for an "own data only" user among their own: a
 * refusal for another user's name would tell them that row exists (docs/data-permission.md).
 */
async function checkName(deps: Deps, auth: AuthContext, accountId: number, name: string, exceptId?: number) {
  if (await repo.findTemplateIdByName(deps.db, accountId, name, exceptId, dataOwner(auth))) {
    throw conflict('error.templateNameExists', 'name');
  }
}

const toStored = (ps: TemplateParam[]): StoredParam[] =>
  ps.map((p) => ({ name: p.name, sample: p.sample ?? '', description: p.description || null }));

export async function createTemplate(deps: Deps, auth: AuthContext, body: CreateTemplateBody): Promise<Template> {
  const accountId = accountOf(auth);
  await checkModel(deps, body.modelId);
  await checkBody(deps, body.body, body.params, body.command);
  await checkName(deps, auth, accountId, body.name);
  const id = await deps.db.transaction(async (tx) => {
    const t = await repo.insertTemplate(tx, {
      accountId,
      createdBy: auth.userId,
      name: body.name,
      purpose: body.purpose || null,
      modelId: body.modelId,
      command: body.command,
      body: body.body,
      params: toStored(body.params),
    });
    await audit(tx, auth, {
      module: 'template',
      type: 'add',
      description: { key: 'log.template.add', params: { name: t.name, id: t.id } },
    });
    return t.id;
  });
  return getTemplate(deps, auth, id);
}

export async function updateTemplate(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: UpdateTemplateBody,
): Promise<Template> {
  const { template } = await scopedTemplate(deps, auth, id);
  if (body.modelId !== undefined && body.modelId !== template.modelId) await checkModel(deps, body.modelId);
  const params = body.params ?? storedParams(template);
  await checkBody(deps, body.body ?? template.body, params, body.command ?? template.command);
  if (body.name !== undefined) await checkName(deps, auth, template.accountId, body.name, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateTemplate(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.purpose !== undefined ? { purpose: body.purpose || null } : {}),
      ...(body.modelId !== undefined ? { modelId: body.modelId } : {}),
      ...(body.command !== undefined ? { command: body.command } : {}),
      ...(body.body !== undefined ? { body: body.body } : {}),
      ...(body.params !== undefined ? { params: toStored(body.params) } : {}),
    });
    await audit(tx, auth, {
      module: 'template',
      type: 'edit',
      description: { key: 'log.template.edit', params: { name: template.name, id } },
    });
  });
  await deps.invalidation.publish('template', `${template.accountId}:${id}`);
  return getTemplate(deps, auth, id);
}

/** Soft delete; refused while a live business uses the template. */
export async function deleteTemplate(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const v = await scopedTemplate(deps, auth, id);
  if (v.businessCount > 0) throw invalid('error.templateInUse');
  await deps.db.transaction(async (tx) => {
    await repo.softDeleteTemplate(tx, id);
    await audit(tx, auth, {
      module: 'template',
      type: 'delete',
      description: { key: 'log.template.delete', params: { name: v.template.name, id } },
    });
  });
  await deps.invalidation.publish('template', `${v.template.accountId}:${id}`);
}

/** Render with sample values; placeholders without a value render empty and are reported. */
async function preview(
  deps: Deps,
  body: string,
  values: Record<string, string>,
  paperWidth: 58 | 80,
  command?: string,
): Promise<TemplatePreview> {
  const used = placeholders(body);
  const warnings: TemplatePreview['warnings'] = [];
  for (const name of used) {
    if (!(name in values)) warnings.push({ type: 'undeclared', name });
    else if (values[name] === '') warnings.push({ type: 'noValue', name });
  }
  const svg = await render(deps, body, values, paperWidth, command);
  return { svg, paperWidth, charsPerLine: CHARS_PER_LINE[paperWidth], placeholders: used, warnings };
}

export const previewMarkup = (deps: Deps, b: TemplatePreviewBody) =>
  preview(deps, b.body, b.params, b.paperWidth as 58 | 80);

export async function previewSaved(deps: Deps, auth: AuthContext, id: number, paperWidth: 58 | 80 = 58) {
  const { template } = await scopedTemplate(deps, auth, id);
  const values = Object.fromEntries(storedParams(template).map((p) => [p.name, p.sample ?? '']));
  return preview(deps, template.body, values, paperWidth, template.command);
}

export const templateOptions = (deps: Deps, auth: AuthContext) =>
  repo.templateOptions(deps.db, accountOf(auth), dataOwner(auth));
