/**
 * What a fault run must show, order by order: every job Herald accepted was printed once and
 * recorded 3 (or failed and recorded 4 with the device's reason), or never printed and recorded
 * 5; no job printed twice or recorded as printed when it was not; a device's receipts came out in
 * the order they were accepted; no disabled device connected, and no request made a second after
 * its disable accepted; every device's online flag true to its connection at the end. The one allowance: a device disabled during the run cannot connect to
 * report, so a receipt it printed may stay 5 "not confirmed" (never "expired"). Pure: the
 * scenario gathers the facts.
 */

/** One print request the load generator made. */
export type Sent = {
  orderId: string;
  sn: string;
  /** per device, the order in which the device's requests were accepted (each waited for the one before) */
  seq: number;
  acceptedAt?: number;
  /**
   * when its first attempt was made: a request made before a disable took effect may be answered
   * (and its retries answered with the same job) seconds later on a loaded machine
   */
  sentAt?: number;
  /** the final refusal (an API error that is not worth retrying) */
  refused?: string;
  /** no answer after every try (the job may still have been stored: it is accounted for like the rest) */
  unanswered?: string;
};

/** A job row as the database has it at the end. */
export type Row = { orderId: string; sn: string; status: number; reason: string | null };

export type Facts = {
  sent: Sent[];
  rows: Row[];
  /** order ids in the order each device printed them */
  printed: Map<string, string[]>;
  /** devices disabled during the run (directly or through their account), and when */
  disabled: Map<string, number>;
  /** disabled devices connected at the end */
  connectedDisabled: string[];
  /** devices whose online flag at the end says otherwise than their connection (twice, seconds apart) */
  presenceWrong?: string[];
};

export type Violation = { kind: string; orderId?: string; sn?: string; detail: string };

export type Tally = {
  sent: number;
  accepted: number;
  refused: number;
  unanswered: number;
  rows: number;
  byStatus: Record<string, number>;
  printed: number;
  violations: Violation[];
};

/** A request accepted this long after its device was disabled should have been refused. */
export const DISABLE_PROPAGATION_MS = 1_000;

export function account(f: Facts): Tally {
  const violations: Violation[] = [];
  const rowsByOrder = new Map(f.rows.map((r) => [r.orderId, r]));
  const printCount = new Map<string, number>();
  for (const ids of f.printed.values()) for (const id of ids) printCount.set(id, (printCount.get(id) ?? 0) + 1);

  for (const s of f.sent) {
    if (s.acceptedAt !== undefined && !rowsByOrder.has(s.orderId))
      violations.push({ kind: 'accepted without a row', orderId: s.orderId, sn: s.sn, detail: 'no job stored' });
    const off = f.disabled.get(s.sn);
    const asked = s.sentAt ?? s.acceptedAt;
    if (s.acceptedAt !== undefined && asked !== undefined && off !== undefined && asked > off + DISABLE_PROPAGATION_MS)
      violations.push({
        kind: 'accepted for a disabled device',
        orderId: s.orderId,
        sn: s.sn,
        detail: `asked ${asked - off} ms after the disable, and accepted`,
      });
  }

  // a device disabled meanwhile cannot connect to report: its last receipts may stay not confirmed (5)
  const lostWithDevice = (sn: string) => f.disabled.has(sn);
  const byStatus: Record<string, number> = {};
  for (const r of f.rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const n = printCount.get(r.orderId) ?? 0;
    const v = (kind: string, detail: string) => violations.push({ kind, orderId: r.orderId, sn: r.sn, detail });
    if (n > 1) v('printed more than once', `printed ${n} times`);
    if (r.status < 3) v('not finished', `status ${r.status}`);
    else if (n >= 1 && r.status !== 3 && !(lostWithDevice(r.sn) && r.reason === 'notConfirmed'))
      v('printed but not recorded printed', `status ${r.status} (${r.reason})`);
    else if (n === 0 && r.status === 3) v('recorded printed but never printed', 'status 3');
    else if (r.status === 4 && !r.reason) v('failed without a reason', 'status 4');
  }
  for (const id of printCount.keys())
    if (!rowsByOrder.has(id)) violations.push({ kind: 'printed without a row', orderId: id, detail: 'unknown order' });

  // order: each device's receipts in the order their requests were accepted
  const seqOf = new Map(f.sent.map((s) => [s.orderId, s.seq]));
  for (const [sn, ids] of f.printed) {
    let last = -1;
    for (const id of ids) {
      const seq = seqOf.get(id) ?? -1;
      if (seq < last)
        violations.push({ kind: 'printed out of order', orderId: id, sn, detail: `#${seq} after #${last}` });
      last = Math.max(last, seq);
    }
  }
  for (const sn of f.connectedDisabled)
    violations.push({ kind: 'disabled device connected', sn, detail: 'connected at the end of the run' });
  for (const sn of f.presenceWrong ?? [])
    violations.push({ kind: 'presence wrong', sn, detail: 'online flag differs from the connection at the end' });

  return {
    sent: f.sent.length,
    accepted: f.sent.filter((s) => s.acceptedAt !== undefined).length,
    refused: f.sent.filter((s) => s.refused !== undefined).length,
    unanswered: f.sent.filter((s) => s.unanswered !== undefined).length,
    rows: f.rows.length,
    byStatus,
    printed: [...printCount.values()].reduce((a, b) => a + b, 0),
    violations,
  };
}

/** The report: counts, then violations grouped by kind (a few examples each). */
export function report(t: Tally): string {
  const lines = [
    `requests sent ${t.sent}: accepted ${t.accepted}, refused ${t.refused}, unanswered ${t.unanswered}`,
    `jobs stored ${t.rows}: ${Object.entries(t.byStatus)
      .map(([s, n]) => `status ${s} × ${n}`)
      .join(', ')}`,
    `receipts printed ${t.printed}`,
  ];
  const kinds = new Map<string, Violation[]>();
  for (const v of t.violations) kinds.set(v.kind, [...(kinds.get(v.kind) ?? []), v]);
  if (kinds.size === 0) lines.push('violations: none');
  for (const [kind, vs] of kinds) {
    lines.push(`VIOLATION ${kind}: ${vs.length}`);
    for (const v of vs.slice(0, 5)) lines.push(`    ${v.sn ?? ''} ${v.orderId ?? ''} ${v.detail}`);
  }
  return lines.join('\n');
}
