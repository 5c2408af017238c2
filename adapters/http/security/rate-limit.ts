/**
 * Failed authentications per client, so that guessing passwords is slow: after `maxFailures`
 * failed logins or basic authentications within `windowMs`, the client's next attempts are
 * answered 429 with Retry-After, without their credentials being checked, until the oldest
 * failure is out of the window.
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

  constructor(options: RateLimitOptions = {}) {
    this.#maxFailures = options.maxFailures ?? 5;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#maxClients = options.maxClients ?? 10_000;
    this.#now = options.now ?? Date.now;
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
