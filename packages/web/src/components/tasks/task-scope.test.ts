import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { effectiveTimeTooSoon, parseSnList, scopeBody } from './task-scope';

describe('task scope', () => {
  it('reads pasted S/Ns one per line, also split by commas, without blanks or duplicates', () => {
    expect(parseSnList(' SN001\r\nSN002,SN003\n\n SN001 ;SN004\t')).toEqual(['SN001', 'SN002', 'SN003', 'SN004']);
    expect(parseSnList(undefined)).toEqual([]);
  });

  it("sends only the chosen scope's list", () => {
    const v = { deviceIds: [1], groupIds: [2], snText: 'A1' };
    expect(scopeBody({ ...v, scope: 'group' })).toEqual({ scope: 'group', groupIds: [2] });
    expect(scopeBody({ ...v, scope: 'sn' })).toEqual({ scope: 'sn', sns: ['A1'] });
    expect(scopeBody({ ...v, scope: 'all' })).toEqual({ scope: 'all' });
  });

  it('wants an effective time more than five minutes ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(effectiveTimeTooSoon(dayjs(now + 5 * 60_000), now)).toBe(true);
    expect(effectiveTimeTooSoon(dayjs(now + 5 * 60_000 + 1000), now)).toBe(false);
    expect(effectiveTimeTooSoon(null, now)).toBe(false);
  });
});
