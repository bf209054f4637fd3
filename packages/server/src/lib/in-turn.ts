const settle = () => undefined;

/**
 * Run `work` once every earlier work of the same key has settled, and answer its own outcome.
 * `tails` holds each key's last work (settled either way) until it settles with no newer work
 * behind it, so a map of keys that go quiet empties itself.
 */
export function inTurn<K, T>(tails: Map<K, Promise<unknown>>, key: K, work: () => Promise<T>): Promise<T> {
  const turn = (tails.get(key) ?? Promise.resolve()).then(work);
  const tail = turn.then(settle, settle);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return turn;
}
