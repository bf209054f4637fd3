import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Deps } from '../lib/deps';
import * as deviceLink from '../modules/device-link/service';
import type { Dynsec, DynsecAnswer, DynsecClient, DynsecCommand } from './dynsec';

/** devices read and applied together: one message of reads, one of changes */
const PAGE = 500;
/** changes sent in one message at most */
const WRITE_BATCH = 50;
/** the advisory-lock class of "one device's broker copy is being brought up to date" */
const LOCK_CLASS = 727276;
const RECONCILE_EVERY_MS = 15 * 60_000;
/** the reconcile's name among the background workers' metrics */
const WORKER = 'broker provisioning';
const RETRY_MS = 5000;
/** how often a change waits for a device another node holds */
const WAIT_STEP_MS = 20;

const role = (sn: string) => `herald-device-${sn}`;
/** what the broker's copy records of the password it holds (textdescription), to see whether it is current */
const fingerprint = (sn: string, password: string) =>
  `herald:${createHash('sha256').update(`${sn}:${password}`).digest('hex').slice(0, 24)}`;

/** answers that say the broker already is as asked */
const HARMLESS = /already exists|not found/i;

export type Provisioning = {
  /** Bring devices' broker copies up to what the database says now (waits for those another holds). */
  changed(sns: readonly string[]): Promise<void>;
  /** Whether a reconcile of every device has finished since the start. */
  ready(): boolean;
  /** One reconcile of every device now (tests; the background one runs by itself). */
  reconcile(): Promise<void>;
  close(): Promise<void>;
};

export type ProvisioningHooks = {
  /** after the database state of devices held is read and before it is applied (tests make a race happen here) */
  afterRead?: (sns: string[]) => Promise<void>;
};

/**
 * Herald's devices in Mosquitto's dynamic-security plugin, kept up to date incrementally: a change
 * brings its device up to date at once (changed), and a background reconcile goes over every
 * device in pages, reading each page's current state and applying only what differs, several
 * commands in one message. Nothing of it runs before the server listens.
 *
 * Never undoing a later change: reading a device's state and applying it happen while holding the
 * device — in this process (one table per database) and, on PostgreSQL, across nodes (a
 * session-level advisory lock per device on a connection of this node's own). A change is written
 * to the database before changed() is called, and changed() waits for the device, then reads. So
 * whoever applied an older state finished before the read that sees the change, and the change's
 * own apply comes last at the broker. A reconcile first reads a page without holding it (a read
 * changes nothing), then holds only the devices whose copy differs and reads those again; it skips
 * a device someone holds: the holder reads the state after taking it. (docs/decisions.md: broker
 * provisioning.)
 */
export function startProvisioning(
  deps: Deps,
  dynsec: Dynsec,
  log: FastifyBaseLogger,
  opts: { hooks?: ProvisioningHooks; everyMs?: number; pageSize?: number } = {},
): Provisioning {
  const local = localLocks(deps.db);
  const shared = deps.config.databaseUrl ? new SharedLocks(deps.config.databaseUrl, log) : undefined;
  const pageSize = opts.pageSize ?? PAGE;
  let reconciled = false;
  let closed = false;
  let wake: (() => void) | undefined;

  /** What would bring these devices' broker copies to the database's state, as both read now. */
  const differences = async (sns: string[], afterRead?: (sns: string[]) => Promise<void>) => {
    const desired = await deviceLink.provisioningState(deps, sns);
    await afterRead?.(sns);
    const present = await dynsec.getClients(sns);
    return desired.map((d) => ({ sn: d.sn, commands: commandsFor(d.sn, d.password, present.get(d.sn)) }));
  };

  /** Read and apply the state of devices this caller holds. */
  const apply = async (sns: string[]) => {
    const commands = (await differences(sns, opts.hooks?.afterRead)).flatMap((d) => d.commands);
    // Mosquitto saves its whole configuration after every change and serves nobody meanwhile:
    // changes go in small messages, so devices' connections and other nodes' changes get between them
    const answers: DynsecAnswer[] = [];
    for (let i = 0; i < commands.length; i += WRITE_BATCH) {
      answers.push(...(await dynsec.batch(commands.slice(i, i + WRITE_BATCH))));
    }
    const failed = answers
      .map((a, i): [DynsecAnswer, DynsecCommand] => [a, commands[i]!])
      .filter(([a]) => a.error && !HARMLESS.test(a.error));
    for (const [a, c] of failed)
      log.warn(
        { command: c.command, sn: c.username ?? c.rolename, error: a.error },
        'dynamic-security refused a command',
      );
    return commands.length;
  };

  /**
   * A page of devices at a time: one read of their state, one message of reads from the broker and
   * a few of changes, instead of a round trip per device (an account of thousands disabled at once
   * took ~15 ms per device). Held in this process in one order for every caller, so two changes
   * never wait for each other in a circle; across nodes only what the other nodes do not hold now,
   * applied at once, the rest tried again shortly (a node never holds devices while it waits for
   * others, so nodes never wait for each other in a circle either).
   */
  const changed = async (sns: readonly string[]) => {
    const all = [...new Set(sns)].sort();
    let failure: unknown;
    for (let i = 0; i < all.length; i += pageSize) {
      const page = all.slice(i, i + pageSize);
      for (const sn of page) await local.acquire(sn);
      try {
        let rest = page;
        while (rest.length) {
          const held = shared ? await shared.tryAcquire(rest) : new Set(rest);
          try {
            if (held.size) await apply([...held]);
          } finally {
            await shared?.release([...held]);
          }
          rest = rest.filter((sn) => !held.has(sn));
          if (rest.length) await sleep(WAIT_STEP_MS);
        }
      } catch (err) {
        // the next pages still go; the reconcile, started now, brings this one up to date
        log.warn({ err, sn: page[0], devices: page.length }, 'dynamic security: a page of devices not updated now');
        failure ??= err;
        wake?.();
      } finally {
        for (const sn of page) local.release(sn);
      }
    }
    if (failure) throw failure;
  };

  const reconcile = async () => {
    let afterId = 0;
    let devices = 0;
    let commands = 0;
    let skipped = 0;
    const started = Date.now();
    while (!closed) {
      const page = await deviceLink.provisioningPage(deps, afterId, pageSize);
      if (page.last === undefined) break;
      afterId = page.last;
      // Read first without holding anything, and hold only the devices whose copy differs: a read
      // never undoes a change, and holding a whole page through the broker's answer made changes
      // wait for it (the fault harness's account disable after a broker restart, when every node's
      // reconnection starts a reconcile, came 12–24 s late in the suites).
      // What differs is read again once held: a change may have come between.
      const stale = (await differences(page.sns)).filter((d) => d.commands.length).map((d) => d.sn);
      const mine = stale.filter((sn) => local.tryAcquire(sn));
      try {
        const held = shared ? await shared.tryAcquire(mine) : new Set(mine);
        try {
          if (held.size) commands += await apply([...held]);
        } finally {
          await shared?.release([...held]);
        }
        devices += page.sns.length;
        skipped += stale.length - held.size;
      } finally {
        for (const sn of mine) local.release(sn);
      }
    }
    log.info({ devices, commands, skipped, ms: Date.now() - started }, 'dynamic-security: devices reconciled');
  };

  const loop = async () => {
    while (!closed) {
      let wait = opts.everyMs ?? RECONCILE_EVERY_MS;
      const started = Date.now();
      // a round as the background workers report theirs (herald_worker_*{worker="broker provisioning"}):
      // readiness does not wait for the first, so its end is seen here and in the log
      const observe = (ok: boolean) => deps.metrics.observeWorkerRound(WORKER, ok, (Date.now() - started) / 1000);
      try {
        await reconcile();
        reconciled = !closed;
        // a reconcile cut short by the close is no round
        if (!closed) observe(true);
      } catch (err) {
        if (closed) break;
        log.warn({ err }, 'dynamic-security: reconcile failed; trying again');
        observe(false);
        wait = RETRY_MS;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, wait).unref();
      });
    }
  };
  const running = loop();

  return {
    changed,
    ready: () => reconciled,
    reconcile,
    async close() {
      closed = true;
      wake?.();
      // what the broker has not answered yet is not waited for: the next reconcile redoes it
      dynsec.cancel();
      await running;
      await shared?.close();
    },
  };
}

/** What makes the broker's copy `present` of one device match `password` (null: kept out). */
function commandsFor(sn: string, password: string | null, present: DynsecClient | undefined): DynsecCommand[] {
  if (password === null) {
    // disableClient also disconnects a connected session
    return present && !present.disabled ? [{ command: 'disableClient', username: sn }] : [];
  }
  const textdescription = fingerprint(sn, password);
  const roles = [{ rolename: role(sn) }];
  const out: DynsecCommand[] = [];
  const hasRole = present?.roles?.some((r) => r.rolename === role(sn));
  if (!present || !hasRole) {
    out.push({
      command: 'createRole',
      rolename: role(sn),
      acls: [
        { acltype: 'publishClientSend', topic: `herald/${sn}/up/+`, allow: true },
        { acltype: 'subscribePattern', topic: `herald/${sn}/down/+`, allow: true },
        { acltype: 'subscribePattern', topic: `herald/${sn}/down/#`, allow: true },
      ],
    });
  }
  if (!present) {
    out.push({ command: 'createClient', username: sn, clientid: sn, password, textdescription, roles });
    return out;
  }
  // a new password also drops the session that used the old one
  if (present.textdescription !== textdescription || !hasRole) {
    out.push({ command: 'modifyClient', username: sn, clientid: sn, password, textdescription, roles });
  }
  if (present.disabled) out.push({ command: 'enableClient', username: sn });
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Devices held in this process, one table per database: every provisioning object on it shares it. */
class KeyedLock {
  private readonly held = new Map<string, (() => void)[]>();
  tryAcquire(key: string): boolean {
    if (this.held.has(key)) return false;
    this.held.set(key, []);
    return true;
  }
  async acquire(key: string): Promise<void> {
    while (!this.tryAcquire(key)) await new Promise<void>((r) => this.held.get(key)!.push(r));
  }
  release(key: string): void {
    const waiting = this.held.get(key) ?? [];
    this.held.delete(key);
    for (const w of waiting) w();
  }
}
const tables = new WeakMap<object, KeyedLock>();
function localLocks(db: object): KeyedLock {
  if (!tables.has(db)) tables.set(db, new KeyedLock());
  return tables.get(db)!;
}

/**
 * Devices held across nodes: session-level advisory locks (class LOCK_CLASS, the S/N's hash) on a
 * connection of this node's own, never waited for inside the database (a holder waits for the
 * broker's answer, not a transaction). Lost with that connection, which is made again when needed.
 */
class SharedLocks {
  private client: Promise<pg.Client> | undefined;
  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private connection(): Promise<pg.Client> {
    if (!this.client) {
      const c = new pg.Client({ connectionString: this.url, application_name: 'herald provisioning locks' });
      const ready = c.connect().then(() => c);
      const lost = () => {
        if (this.client === ready) this.client = undefined;
      };
      c.on('error', (err) => (this.log.warn({ err }, 'provisioning locks: connection lost'), lost()));
      c.on('end', lost);
      ready.catch(lost);
      this.client = ready;
    }
    return this.client;
  }

  /** Those of `sns` now held by this node (the others are held elsewhere). */
  async tryAcquire(sns: string[]): Promise<Set<string>> {
    if (!sns.length) return new Set();
    const { rows } = await (
      await this.connection()
    ).query<{ sn: string }>('select sn from unnest($1::text[]) as sn where pg_try_advisory_lock($2, hashtext(sn))', [
      sns,
      LOCK_CLASS,
    ]);
    return new Set(rows.map((r) => r.sn));
  }

  async release(sns: string[]): Promise<void> {
    if (!sns.length || !this.client) return;
    await (
      await this.client
    )
      .query('select pg_advisory_unlock($2, hashtext(sn)) from unnest($1::text[]) as sn', [sns, LOCK_CLASS])
      .catch((err: unknown) => this.log.warn({ err }, 'provisioning locks: release failed (the session ends them)'));
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    await (await c?.catch(() => undefined))?.end().catch(() => {});
  }
}
