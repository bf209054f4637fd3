/**
 * Remembers for a moment that an account has nothing of one kind going on (no live upgrade task,
 * no live push task), so that the work a device does on connecting can skip queries that would
 * only find nothing. A reconnect storm after a restart (thousands of devices within a minute, a
 * dozen statements each) then costs one query per account per `ttlMs` for these instead of
 * several per device.
 *
 * Only "nothing" is remembered, and for at most `ttlMs`: what a connecting device skips in that
 * time, the engine's own timer does (offers, joiners). Creating a task forgets the account at
 * once (`forget`); a check that was already running when it did is not remembered.
 */
export class QuietAccounts {
  private readonly quietUntil = new Map<number, number>();
  private readonly checking = new Map<number, Promise<boolean>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    /** true when the account has something going on */
    private readonly check: (accountId: number) => Promise<boolean>,
  ) {}

  /** Whether the account may have something going on (true when unsure). */
  async busy(accountId: number): Promise<boolean> {
    if ((this.quietUntil.get(accountId) ?? 0) > Date.now()) return false;
    let running = this.checking.get(accountId);
    if (!running) {
      const generation = this.generation;
      running = this.check(accountId).then((busy) => {
        if (!busy && generation === this.generation) this.quietUntil.set(accountId, Date.now() + this.ttlMs);
        return busy;
      });
      this.checking.set(accountId, running);
      void running.then(
        () => this.checking.delete(accountId),
        () => this.checking.delete(accountId),
      );
    }
    return running;
  }

  /** Something started for the account: ask again next time. */
  forget(accountId: number): void {
    this.generation++;
    this.quietUntil.delete(accountId);
    this.checking.delete(accountId);
  }
}
