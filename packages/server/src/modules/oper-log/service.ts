import { z } from 'zod';
import {
  formatMessage,
  isMessageKey,
  logParamsIn,
  OPER_LOG_EXPORT_MAX,
  translate,
  type Locale,
  type OperLog,
  type operLogExportQuery,
  type Page,
  type operLogQuery,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { dataOwner } from '../../lib/data-scope';
import { forbidden } from '../../lib/errors';
import { iso, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { toCsv } from './csv';
import * as repo from './repo';

type Filters = z.infer<typeof operLogExportQuery>;

/**
 * The caller's view of the log: operators see everything (or one account with `accountId`);
 * account users see only their own account's entries, never operators'; a user with "own data
 * only" sees only the entries of what they did themselves (docs/data-permission.md).
 */
function scoped(auth: AuthContext, q: Filters): repo.OperLogFilters {
  let accountId: number | undefined = q.accountId;
  if (auth.side === 'ac') {
    if (auth.accountId === null || (q.accountId !== undefined && q.accountId !== auth.accountId)) throw forbidden();
    accountId = auth.accountId;
  }
  return {
    username: q.username || undefined,
    module: q.module || undefined,
    type: q.type || undefined,
    accountId,
    userId: dataOwner(auth),
    from: rangeStart(q.from),
    before: rangeEnd(q.to),
  };
}

type Row = Awaited<ReturnType<typeof repo.listOperLogs>>[number];

/**
 * The entry's description in the reader's language: a keyed entry is rendered from its key and
 * values; an entry written before keys (or whose key is gone) shows its stored text.
 */
export function describeEntry(
  r: Pick<Row, 'description' | 'descriptionKey' | 'descriptionParams'>,
  locale: Locale,
): string {
  if (!r.descriptionKey || !isMessageKey(r.descriptionKey)) return r.description;
  return formatMessage(r.descriptionKey, locale, logParamsIn(locale, r.descriptionParams ?? {}));
}

const toOperLog = ({ descriptionKey, descriptionParams, ...r }: Row, locale: Locale): OperLog => ({
  ...r,
  description: describeEntry({ description: r.description, descriptionKey, descriptionParams }, locale),
  createdAt: iso(r.createdAt),
});

export async function listOperLogs(
  deps: Deps,
  auth: AuthContext,
  q: z.infer<typeof operLogQuery>,
  locale: Locale,
): Promise<Page<OperLog>> {
  const f = scoped(auth, q);
  const [rows, total] = await Promise.all([
    repo.listOperLogs(deps.db, f, q.pageSize, offsetOf(q), q),
    repo.countOperLogs(deps.db, f),
  ]);
  return { list: rows.map((r) => toOperLog(r, locale)), total, page: q.page, pageSize: q.pageSize };
}

const COLUMNS = ['createdAt', 'username', 'account', 'module', 'type', 'description', 'ip'] as const;

/** The filtered log as CSV, newest first, at most OPER_LOG_EXPORT_MAX rows; headers in the caller's language. */
export async function exportOperLogs(deps: Deps, auth: AuthContext, q: Filters, locale: Locale): Promise<string> {
  const rows = await repo.listOperLogs(deps.db, scoped(auth, q), OPER_LOG_EXPORT_MAX);
  return toCsv([
    COLUMNS.map((c) => translate(`operLog.csv.${c}`, locale)),
    ...rows.map((r) => [
      iso(r.createdAt),
      r.username,
      r.accountName ?? '',
      r.module,
      r.type,
      describeEntry(r, locale),
      r.ip ?? '',
    ]),
  ]);
}
