import { QR_PASSWORD_TRIES, QR_PASSWORD_WINDOW_MS } from '@herald/contract';

/** Entries kept at most; past it the oldest window is dropped (a flood of addresses cannot grow memory). */
const MAX_ENTRIES = 10_000;

/**
 * Wrong QR passwords per client address and device, in a fixed window. A QR password is short
 * (4 to 16 letters or digits), so without a limit it could be guessed; with 5 tries per 15 minutes
 * per address it cannot be in any useful time. Kept in memory: one Herald process answers the public
 * page, and a restart forgetting the count costs an attacker nothing they could not get by waiting.
 */
export class PasswordAttempts {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();

  constructor(
    private readonly tries = QR_PASSWORD_TRIES,
    private readonly windowMs = QR_PASSWORD_WINDOW_MS,
  ) {}

  /** Whether this client has used up its tries for this device (until the window ends). */
  blocked(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    if (!w) return false;
    if (w.endsAt <= now) {
      this.windows.delete(key);
      return false;
    }
    return w.failures >= this.tries;
  }

  failed(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (w && w.endsAt > now) {
      w.failures += 1;
      return;
    }
    this.windows.delete(key);
    if (this.windows.size >= MAX_ENTRIES) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(key, { failures: 1, endsAt: now + this.windowMs });
  }

  get size(): number {
    return this.windows.size;
  }
}
