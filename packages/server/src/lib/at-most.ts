/**
 * `work` for each of `items`, at most `limit` at once: the next starts as soon as one ends, so one
 * slow item holds one place, not a whole group. Settled in the items' order, as Promise.allSettled
 * gives them. For remote calls made per device (a broker's publishes, EMQX's kicks) that should go
 * together without asking thousands at once.
 */
export async function settledAtMost<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const out: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = { status: 'fulfilled', value: await work(items[i]!) };
      } catch (reason) {
        out[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
