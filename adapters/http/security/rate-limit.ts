/**
 * Failed authentications per client, so that guessing passwords and tokens is slow: after
 * `maxFailures` failed logins, basic authentications or bearer tokens within `windowMs`, the client's next attempts are
 * answered 429 with Retry-After, without their credentials being checked, until the oldest
 * failure is out of the window.
 *
 * Attempts made at once count too: a client may have no more checks in flight than it has
 * failures left, and a further attempt waits for one of them to finish (then is checked, or
 * answered 429). Without that, a client sending a hundred guesses at once had every one
 * checked, since none had failed yet when each was let through.
 *
 * Who a client is (its address, or the user or token it claims where no address is known)
 * is limit-keys.ts's; this class counts for any key it is given.
 *
 * Kept in memory: per process in Node, per isolate at the edge (a Worker's isolates do not
 * share it, so an attacker spread across many of Cloudflare's isolates gets more tries; each
 * isolate still slows them, and the hashes' PBKDF2 cost does the rest).
 */

export interface RateLimitOptions {
  /** Failures allowed in the window (default 5). */
  maxFailures?: number;
  /** The window, in ms (default 60,000). */
  windowMs?: number;
  /** The most clients remembered (default 10,000); the longest-idle are forgotten first. */
  maxClients?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export class FailedLoginLimiter {
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #maxClients: number;
  readonly #now: () => number;
  /** Each client's failure times, oldest first; a Map keeps insertion order, so the first key is the longest idle. */
  readonly #failures = new Map<string, number[]>();
  /** Each client's attempts admitted and not yet settled, and the attempts waiting for one to settle. */
  readonly #inFlight = new Map<string, { count: number; waiters: (() => void)[] }>();

  constructor(options: RateLimitOptions = {}) {
    this.#maxFailures = options.maxFailures ?? 5;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#maxClients = options.maxClients ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Lets one attempt of the client's be checked: resolves 0 when it may go ahead (the caller
   * then calls `settle` once, whatever happens), or the seconds to wait (nothing to settle).
   * While the attempts in flight could use up the failures the client has left, it waits for
   * one to settle first.
   */
  async admit(client: string): Promise<number> {
    for (;;) {
      const wait = this.retryAfter(client);
      if (wait > 0) return wait;
      const flight = this.#inFlight.get(client) ?? { count: 0, waiters: [] };
      if (this.#recent(client).length + flight.count < this.#maxFailures) {
        flight.count++;
        this.#inFlight.set(client, flight);
        return 0;
      }
      await new Promise<void>((resolve) => flight.waiters.push(resolve));
    }
  }

  /** Ends an attempt `admit` let through, recording a failure if it failed, and wakes the attempts waiting on it. */
  settle(client: string, failed: boolean): void {
    if (failed) this.recordFailure(client);
    const flight = this.#inFlight.get(client);
    if (flight === undefined) return;
    flight.count--;
    if (flight.count <= 0) this.#inFlight.delete(client);
    for (const wake of flight.waiters.splice(0)) wake();
  }

  /** Seconds the client must wait before trying again, or 0 when it may try now. */
  retryAfter(client: string): number {
    const recent = this.#recent(client);
    if (recent.length < this.#maxFailures) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - this.#maxFailures]! + this.#windowMs - this.#now()) / 1000));
  }

  recordFailure(client: string): void {
    const recent = this.#recent(client);
    recent.push(this.#now());
    this.#failures.delete(client);
    this.#failures.set(client, recent.slice(-this.#maxFailures));
    while (this.#failures.size > this.#maxClients) this.#failures.delete(this.#failures.keys().next().value!);
  }

  #recent(client: string): number[] {
    const since = this.#now() - this.#windowMs;
    const recent = (this.#failures.get(client) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#failures.delete(client);
    return recent;
  }
}
