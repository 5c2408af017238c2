/**
 * HBINT, as IBM's message channel agents use it: while a sender's transmission queue is empty,
 * it sends a `heartbeat` every interval and its partner answers `heartbeatReply`. Between
 * batches nothing else flows, so without them a connection that died silently (a NAT that
 * forgot it, a laptop's lid closed, a server gone without a FIN) would leave both ends RUNNING
 * until the next message. With them:
 *
 * - the sender that has no answer in time ends the session (MQRC_CONNECTION_BROKEN): it goes
 *   RETRYING and reconnects (SHORTRTY, LONGRTY), as a broken link does;
 * - the receiver that hears nothing (no message, no heartbeat) in time ends its session too: a
 *   requester (RQSTR) then retries, and a receiver (RCVR) is free for the sender's next start.
 *
 * The interval is negotiated at start, as IBM's is: the sender offers its HBINT in `start`, the
 * receiver answers with the larger of the two in `status`, and both show it in DISPLAY CHSTATUS
 * (HBINT). A partner built before heartbeats offers or answers none: 0, no heartbeats (it would
 * not answer them). "In time" is IBM's default receive timeout: twice the interval below 60
 * seconds, the interval plus 60 seconds from there.
 */
import { MQError } from "../../base/errors.js";
import type { Clock, TimerHandle } from "../../base/clock.js";
import type { Attributes } from "../../objects/definitions.js";

/** A channel definition's HBINT, seconds (the catalogue's default, 300, when unset). */
export function heartbeatIntervalOf(attributes: Attributes | undefined): number {
  return Math.max(0, Number(attributes?.heartbeatInterval ?? 300));
}

/** The interval both ends use, seconds: the larger of the two, or 0 when the partner offered none. */
export function negotiateHeartbeat(own: number, offered: number | undefined): number {
  return offered === undefined ? 0 : Math.max(own, offered);
}

/** How long an end waits for its partner's next flow before it takes the connection as dead, ms; 0 (no limit) without heartbeats. */
export function heartbeatTimeoutMs(intervalSeconds: number): number {
  if (intervalSeconds <= 0) return 0;
  return (intervalSeconds < 60 ? intervalSeconds * 2 : intervalSeconds + 60) * 1000;
}

/**
 * `read`, or MQRC_CONNECTION_BROKEN when it has not settled within `timeoutMs` on the clock (no
 * limit when 0). The read itself is left pending: the caller ends the connection on the error.
 */
export function withinHeartbeat<T>(read: Promise<T>, clock: Clock, timeoutMs: number, what: string): Promise<T> {
  if (timeoutMs <= 0) return read;
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimer(timeoutMs, () =>
      reject(new MQError("MQRC_CONNECTION_BROKEN", `${what} within ${timeoutMs / 1000} s: the connection is taken as dead (HBINT)`)),
    );
    read.then(
      (value) => (timer.cancel(), resolve(value)),
      (error: unknown) => (timer.cancel(), reject(error)),
    );
  });
}

/**
 * The receiver's side: `silent` is called once the partner has said nothing for `timeoutMs`
 * while the agent waited to read (time the agent spends putting a batch does not count). One
 * timer per timeout, not one per frame: at the edge each timer is the Durable Object's alarm.
 */
export class SilenceWatch {
  #timeoutMs = 0;
  #heardAt = 0;
  #reading = false;
  #timer: TimerHandle | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly silent: () => void,
  ) {}

  /** Watches with this timeout from now on (0: not at all). */
  watch(timeoutMs: number): void {
    this.#timeoutMs = timeoutMs;
    this.#heardAt = this.clock.now();
    this.#arm(timeoutMs);
  }

  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** The agent waits for the partner's next frame from now. */
  reading(): void {
    this.#heardAt = this.clock.now();
    this.#reading = true;
  }

  /** A frame came (or the read ended). */
  heard(): void {
    this.#heardAt = this.clock.now();
    this.#reading = false;
  }

  stop(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
  }

  #arm(delayMs: number): void {
    this.stop();
    if (this.#timeoutMs <= 0) return;
    this.#timer = this.clock.setTimer(delayMs, () => {
      this.#timer = undefined;
      const quietFor = this.clock.now() - this.#heardAt;
      if (this.#reading && quietFor >= this.#timeoutMs) this.silent();
      else this.#arm(this.#reading ? this.#timeoutMs - quietFor : this.#timeoutMs);
    });
  }
}
