import type { Dayjs } from 'dayjs';

export type ReadFilter = 'all' | 'unread' | 'read';

/** The message list's filter bar. */
export type MessageFilterValues = {
  read?: ReadFilter;
  title?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** The filter bar's values as the page query takes them (empty ones left out). */
export function toMessageQuery(v: MessageFilterValues): Record<string, string | boolean | undefined> {
  const [from, to] = v.range ?? [];
  return {
    unread: v.read === 'unread' ? true : v.read === 'read' ? false : undefined,
    title: v.title?.trim() || undefined,
    from: from?.format(DATE_TIME),
    to: to?.format(DATE_TIME),
  };
}
