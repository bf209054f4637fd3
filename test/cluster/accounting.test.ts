import { describe, expect, it } from 'vitest';
import { account, type Facts, type Sent } from './accounting';

const sent = (orderId: string, sn: string, seq: number, acceptedAt = 1_000): Sent => ({ orderId, sn, seq, acceptedAt });
const facts = (over: Partial<Facts>): Facts => ({
  sent: [sent('o1', 'A', 1), sent('o2', 'A', 2), sent('o3', 'B', 1)],
  rows: [
    { orderId: 'o1', sn: 'A', status: 3, reason: null },
    { orderId: 'o2', sn: 'A', status: 3, reason: null },
    { orderId: 'o3', sn: 'B', status: 5, reason: 'expired' },
  ],
  printed: new Map([
    ['A', ['o1', 'o2']],
    ['B', []],
  ]),
  disabled: new Map(),
  connectedDisabled: [],
  ...over,
});
const kinds = (f: Facts) => account(f).violations.map((v) => v.kind);

describe('the fault run accounting', () => {
  it('passes a run where every order is accounted for', () => {
    const t = account(facts({}));
    expect(t.violations).toEqual([]);
    expect(t).toMatchObject({ sent: 3, accepted: 3, rows: 3, printed: 2, byStatus: { 3: 2, 5: 1 } });
  });

  it('finds an accepted order without a row, and a receipt without one', () => {
    const f = facts({});
    f.rows = f.rows.filter((r) => r.orderId !== 'o3');
    f.printed.set('B', ['o9']);
    expect(kinds(f)).toEqual(['accepted without a row', 'printed without a row']);
  });

  it('finds a receipt printed twice, and a printed job recorded as timed out', () => {
    expect(kinds(facts({ printed: new Map([['A', ['o1', 'o2', 'o2']]]) }))).toEqual(['printed more than once']);
    const f = facts({});
    f.rows[0] = { ...f.rows[0]!, status: 5, reason: 'notConfirmed' };
    expect(kinds(f)).toEqual(['printed but not recorded printed']);
  });

  it('lets a device that was disabled leave its last receipts unconfirmed, and nothing else', () => {
    const f = facts({ disabled: new Map([['A', -1_000]]) });
    f.rows[1] = { ...f.rows[1]!, status: 5, reason: 'notConfirmed' };
    // accepted after the disable, too
    expect(kinds(f)).toEqual(['accepted for a disabled device', 'accepted for a disabled device']);
    // asked before the disable, answered after it (a loaded machine): not a violation
    f.sent = f.sent.map((s) => ({ ...s, sentAt: -1_500 }));
    expect(kinds(f)).toEqual([]);
    f.rows[1] = { ...f.rows[1]!, reason: 'expired' };
    expect(kinds(f)).toEqual(['printed but not recorded printed']);
  });

  it('finds a job recorded printed that never printed, and one left unfinished', () => {
    const f = facts({});
    f.rows[2] = { ...f.rows[2]!, status: 3 };
    expect(kinds(f)).toEqual(['recorded printed but never printed']);
    f.rows[2] = { ...f.rows[2]!, status: 1 };
    expect(kinds(f)).toEqual(['not finished']);
  });

  it('finds receipts out of their order of acceptance, a disabled device still connected, a wrong online flag', () => {
    expect(kinds(facts({ printed: new Map([['A', ['o2', 'o1']]]) }))).toEqual(['printed out of order']);
    expect(kinds(facts({ connectedDisabled: ['B'] }))).toEqual(['disabled device connected']);
    expect(kinds(facts({ presenceWrong: ['A'] }))).toEqual(['presence wrong']);
  });
});
