import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, toRecordQuery } from './record-query';

const now = dayjs('2025-06-30T12:00:00Z');

describe('record list filters → API query', () => {
  it('sends page, page size and the non-empty filters, trimmed', () => {
    const q = toRecordQuery({ current: 3, pageSize: 50, sn: ' SN01 ', msgId: '', status: 4, orderId: undefined }, {});
    expect(q).toEqual({ page: 3, pageSize: 50, sn: 'SN01', status: 4 });
  });

  it('sends the time range as ISO instants', () => {
    const from = '2025-06-30T01:00:00.000Z';
    const to = '2025-06-30T11:00:00.000Z';
    const q = toRecordQuery({ current: 1, pageSize: 20, timeRange: [from, to] }, undefined, {}, now);
    expect(q).toMatchObject({ from, to: '2025-06-30T11:00:00.999Z' });
    expect(q).not.toHaveProperty('timeRange');
  });

  it('leaves an end less than a minute ago open, so records made since the list opened show', () => {
    const [from, to] = defaultRange(now.subtract(20, 'second'));
    const q = toRecordQuery({ timeRange: [from.format(), to.format()] }, undefined, {}, now);
    expect(q.from).toBe(now.subtract(20, 'second').subtract(24, 'hour').toISOString());
    expect(q).not.toHaveProperty('to');
  });

  it('never asks for more than 90 days back', () => {
    const q = toRecordQuery({ timeRange: ['2024-01-01T00:00:00Z', '2025-06-30T00:00:00Z'] }, undefined, {}, now);
    expect(q.from).toBe(now.subtract(90, 'day').toISOString());
  });

  it('maps sortable columns to the API sort field and drops the others', () => {
    const fields = { ackLatencyMs: 'latency', requestedAt: 'requestedAt' };
    expect(toRecordQuery({}, { ackLatencyMs: 'ascend' }, fields)).toMatchObject({
      sortField: 'latency',
      sortOrder: 'ascend',
    });
    const q = toRecordQuery({}, { sn: 'descend' }, fields);
    expect(q).not.toHaveProperty('sortField');
    expect(q).not.toHaveProperty('sortOrder');
  });

  it('opens on the last 24 hours', () => {
    const [from, to] = defaultRange(now);
    expect(to.diff(from, 'hour')).toBe(24);
    expect(to.isSame(now)).toBe(true);
  });
});
