import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toMessageQuery } from './message-query';

describe('message filters → page query', () => {
  it('turns the read state into the unread flag (all: no flag)', () => {
    expect(toMessageQuery({ read: 'unread' }).unread).toBe(true);
    expect(toMessageQuery({ read: 'read' }).unread).toBe(false);
    expect(toMessageQuery({ read: 'all' }).unread).toBeUndefined();
  });

  it('trims the title, leaves out an empty one and sends the range as local date-times', () => {
    const q = toMessageQuery({
      title: '  printer ',
      range: [dayjs('2025-03-01T08:00:00'), dayjs('2025-03-02T18:30:05')],
    });
    expect(q).toEqual({ unread: undefined, title: 'printer', from: '2025-03-01 08:00:00', to: '2025-03-02 18:30:05' });
    expect(toMessageQuery({ title: '   ', range: [null, dayjs('2025-03-02T00:00:00')] })).toEqual({
      unread: undefined,
      title: undefined,
      from: undefined,
      to: '2025-03-02 00:00:00',
    });
  });
});
