import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_PRINT_PARAMS, DeviceStatus, DEVICE_SECRET_RE, SN_RE } from '@herald/contract';
import type { ImportFileRow } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import * as groupsRepo from '../groups/repo';
import * as modelsRepo from '../models/repo';
import { MODEL_DISABLED } from '../models/service';
import { audit } from '../oper-log/audit';
import * as repo from './repo';
import { notifyChanged } from '../../lib/device-changed';
import { defaultGroupOf } from './service';

/**
 * Running a batch import, on whichever server holds it. The file's rows and the importer are
 * stored with the import; a server claims it (`claimed_by`, `claimed_at`) and renews the claim
 * with every chunk. Each chunk is one transaction that first checks the claim still holds at the
 * chunk's start (locking the import's row), then creates the chunk's devices, logs them and
 * writes the progress: a chunk is written once, and the progress never tells a chunk that did not
 * happen. A server that dies or hangs leaves its import to whichever server claims it after the
 * lease (`IMPORT_LEASE_MS`), which carries on from `processed`; a closing server gives its
 * imports up at once. The rows are dropped when the import ends.
 */

export type RowError = { row: number; sn: string; message: string };

/** The import is now another server's: stop without writing anything more. */
class ClaimLost extends Error {}

/** This server's running imports, so a close can stop them between chunks. */
export class ImportRuns {
  /** who holds a claim: readable by an operator looking at the table, unique per server */
  readonly node = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Run a claimed import to its end, or until the server closes or another server takes it. */
  run(deps: Deps, claim: repo.ImportClaim, log: FastifyBaseLogger): Promise<void> {
    const done = runClaimed(deps, this.node, claim, this.stopping.signal, log).finally(() => this.running.delete(done));
    this.running.add(done);
    return done;
  }

  /** Resolves once the imports this server runs now have stopped. */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }
}

/** This server's imports (the field, for the tests that take it by function). */
export const importRuns = (deps: Pick<Deps, 'imports'>): ImportRuns => deps.imports;

/**
 * Look for imports whose claim is over (every `IMPORT_CLAIM_MS`) and carry them on, one at a
 * time. The stop ends the loop and this server's imports (those started by its uploads too) after
 * their current chunk, giving their claims up.
 */
export function importClaims(deps: Deps, log: FastifyBaseLogger): RoundWorker {
  const runs = deps.imports;
  const { leaseMs, claimEveryMs } = deps.config.imports;
  return {
    name: 'device import claims',
    everyMs: claimEveryMs,
    round: async (signal) => {
      while (!signal.aborted && !runs.stopped) {
        const claim = await repo.claimImport(deps.db, runs.node, leaseMs);
        if (!claim) return;
        log.info({ importId: claim.id, processed: claim.processed }, 'carrying on a device import');
        await runs.run(deps, claim, log);
      }
    },
    // the imports first: the round running waits for its import, which stops between chunks
    stop: async (stopRounds) => {
      const stopped = runs.stop();
      await stopRounds();
      await stopped;
    },
  };
}

async function runClaimed(
  deps: Deps,
  node: string,
  claim: repo.ImportClaim,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const finished = await runImport(deps, node, claim, signal);
    if (!finished) await repo.releaseImport(deps.db, claim.id, node);
  } catch (err) {
    if (err instanceof ClaimLost) {
      log.info({ importId: claim.id }, 'device import carried on by another server');
      return;
    }
    // never the error itself: a failed query's message carries its parameters (the rows' secrets)
    log.error({ importId: claim.id, err: withoutValues(err) }, 'device import failed');
    await repo.endImport(deps.db, claim.id, node, { status: 'failed', message: 'error.system' }).catch(() => {});
  }
}

/**
 * Check and create the claimed import's rows from `processed` on, chunk by chunk. True when it
 * ended; false when `signal` stopped it between chunks (the claim is still this server's).
 */
async function runImport(deps: Deps, node: string, claim: repo.ImportClaim, signal: AbortSignal): Promise<boolean> {
  const { id, accountId, rows, actor } = claim;
  const chunkRows = deps.config.imports.chunkRows;
  const [models, groups, defaultGroupId] = await Promise.all([
    modelsRepo.modelsByCode(deps.db),
    groupsRepo.groupsByName(deps.db, accountId),
    defaultGroupOf(deps, accountId),
  ]);
  let { processed, created } = claim;
  let failed = claim.failed as RowError[];
  // an S/N met in the rows already done is a duplicate further down, whoever did them
  const seen = new Set(rows.slice(0, processed).flatMap((r) => (r.sn ? [r.sn] : [])));
  // the devices of the last chunk written before a server stopped may not have reached the broker
  if (processed > 0)
    await notifyChanged(
      deps,
      rows
        .slice(Math.max(0, processed - chunkRows), processed)
        .map((r) => r.sn)
        .filter((sn) => SN_RE.test(sn)),
    );
  while (processed < rows.length) {
    if (signal.aborted) return false;
    const chunk = rows.slice(processed, processed + chunkRows);
    const taken = await repo.liveSns(
      deps.db,
      chunk.map((r) => r.sn).filter((sn) => SN_RE.test(sn)),
    );
    const chunkFailed: RowError[] = [];
    const valid: (ImportFileRow & { modelId: number; groupId: number })[] = [];
    for (const r of chunk) {
      const fail = (message: string) => chunkFailed.push({ row: r.row, sn: r.sn, message });
      const model = models.get(r.modelCode.toLowerCase());
      const groupId = r.groupName ? groups.get(r.groupName.toLowerCase()) : defaultGroupId;
      if (!r.sn) fail('validation.required');
      else if (!SN_RE.test(r.sn)) fail('error.snInvalid');
      else if (seen.has(r.sn)) fail('error.snDuplicateInFile');
      else if (taken.has(r.sn)) fail('error.snExists');
      else if (r.name.length > 64) fail('validation.maxLength');
      else if (!r.modelCode || !model) fail('error.modelNotFound');
      else if (model.status === MODEL_DISABLED) fail('error.modelDisabled');
      else if (groupId === undefined) fail('error.groupNotFound');
      else if (r.secret && !DEVICE_SECRET_RE.test(r.secret)) fail('error.secretInvalid');
      else valid.push({ ...r, modelId: model.id, groupId });
      if (r.sn) seen.add(r.sn);
    }
    // the factory's provisioned secret, or one Herald makes: offered once to the importer (generatedSecrets)
    const secrets = new Map(valid.map((r) => [r.sn, r.secret || randomToken(24)]));
    const createdSns = await deps.db.transaction(async (tx) => {
      if (!(await repo.holdImport(tx, id, node, processed))) throw new ClaimLost();
      const out =
        valid.length === 0
          ? []
          : await repo.insertDevicesSkippingTaken(
              tx,
              valid.map((r) => ({
                accountId,
                sn: r.sn,
                name: r.name || null,
                modelId: r.modelId,
                groupId: r.groupId,
                // an account user's import is theirs, an operator's assigned to nobody (as one by one)
                ownerUserId: actor.accountId !== null ? actor.userId : null,
                secret: secrets.get(r.sn)!,
                status: DeviceStatus.ENABLED,
                printParams: { ...DEFAULT_PRINT_PARAMS },
              })),
            );
      const sns = out.map((o) => o.sn);
      const inserted = new Set(sns);
      const generated = valid.filter((r) => !r.secret && inserted.has(r.sn));
      if (generated.length > 0)
        await repo.addGeneratedSecrets(
          tx,
          id,
          generated.map((r) => ({ sn: r.sn, secret: secrets.get(r.sn)! })),
        );
      for (const r of valid)
        if (!inserted.has(r.sn)) chunkFailed.push({ row: r.row, sn: r.sn, message: 'error.snExists' });
      if (out.length > 0) {
        await audit(tx, actor, {
          module: 'device',
          type: 'import',
          description: {
            key: 'log.device.import',
            params: { count: out.length, first: chunk[0]!.row, last: chunk[chunk.length - 1]!.row, jobId: id },
          },
        });
      }
      await repo.updateImport(tx, id, {
        processed: processed + chunk.length,
        created: created + out.length,
        failed: [...failed, ...chunkFailed].sort((a, b) => a.row - b.row),
      });
      return sns;
    });
    processed += chunk.length;
    created += createdSns.length;
    failed = [...failed, ...chunkFailed].sort((a, b) => a.row - b.row);
    await notifyChanged(deps, createdSns);
  }
  if (!(await repo.endImport(deps.db, id, node, { status: 'done' }))) throw new ClaimLost();
  return true;
}

/** An error fit for the log: its kind, code and where it came from, never a query's values. */
export function withoutValues(err: unknown): { type: string; message: string; code?: string; stack?: string } {
  const e = err as {
    name?: string;
    code?: unknown;
    constraint?: unknown;
    cause?: { code?: unknown; constraint?: unknown };
  };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  // a failed query's message and its database error's detail carry the values; its stack's first lines repeat them
  const query = err instanceof Error && (err.message.startsWith('Failed query:') || code !== undefined);
  const message = query
    ? `a query failed${typeof constraint === 'string' ? ` (${constraint})` : ''}`
    : err instanceof Error
      ? err.message
      : 'not an error';
  const stack =
    err instanceof Error
      ? err.stack
          ?.split('\n')
          .filter((line) => line.startsWith('    at '))
          .join('\n')
      : undefined;
  return { type: e.name ?? typeof err, message, ...(typeof code === 'string' ? { code } : {}), stack };
}
