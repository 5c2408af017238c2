/**
 * A dialling channel's retries (IBM's SHORTRTY, SHORTTMR, LONGRTY, LONGTMR): after a connect
 * that fails or a connection that breaks, the channel is RETRYING and tries again up to
 * SHORTRTY times SHORTTMR seconds apart, then LONGRTY times LONGTMR seconds apart, then it is
 * STOPPED. A connection made starts the counts again. The waits are the queue manager's Clock
 * timers, so a test moves them with a ManualClock and an edge with its alarms.
 */
import type { Attributes } from "../../objects/definitions.js";
import type { Clock, TimerHandle } from "../../base/clock.js";
import type { ChannelStatus } from "./status.js";

export class RetrySchedule {
  shortLeft: number;
  longLeft: number;
  readonly #shortMs: number;
  readonly #longMs: number;
  /** The timer of the next attempt, while one is due. */
  timer: TimerHandle | undefined;

  /** The catalogue's defaults where the channel has none (a requester: IBM's RQSTR takes no retry attributes). */
  constructor(attributes: Attributes) {
    this.shortLeft = Number(attributes.shortRetryCount ?? 10);
    this.longLeft = Number(attributes.longRetryCount ?? 999_999_999);
    this.#shortMs = Number(attributes.shortRetryInterval ?? 60) * 1000;
    this.#longMs = Number(attributes.longRetryInterval ?? 1200) * 1000;
  }

  /** The wait before the next attempt, in ms, counted off; undefined once both counts are spent. */
  next(): number | undefined {
    if (this.shortLeft > 0) {
      this.shortLeft--;
      return this.#shortMs;
    }
    if (this.longLeft > 0) {
      this.longLeft--;
      return this.#longMs;
    }
    return undefined;
  }

  /** RETRYING, `attempt` called when the next attempt is due; STOPPED once SHORTRTY and LONGRTY are spent. */
  retry(clock: Clock, shown: ChannelStatus, reason: string, attempt: () => void): void {
    const wait = this.next();
    Object.assign(shown, { reason, substate: "", shortRetriesLeft: this.shortLeft, longRetriesLeft: this.longLeft });
    if (wait === undefined) {
      shown.status = "stopped";
      shown.reason = `${reason} (no retries left: SHORTRTY and LONGRTY spent)`;
      return;
    }
    shown.status = "retrying";
    this.cancel();
    this.timer = clock.setTimer(wait, () => {
      this.timer = undefined;
      attempt();
    });
  }

  cancel(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}
