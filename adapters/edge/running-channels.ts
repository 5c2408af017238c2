/**
 * The channels an object dials out on (SDR, SVR, RQSTR), remembered in its storage so that an
 * evicted or restarted object does not forget them: IBM restarts the channels that were running
 * when its queue manager ended, and so does the object, the next time it opens its queue
 * manager (by request or by alarm). A channel is remembered when it starts (its connector is
 * asked to connect, by START CHANNEL, a retry or the channel initiator) and forgotten by STOP
 * CHANNEL (the operator's word that it stays stopped), when it has ended normally (INACTIVE:
 * DISCINT; a trigger starts it again), when it is STOPPED (its retries spent), or when it is no
 * longer defined.
 *
 * While any is remembered an alarm stays due within CHANNEL_WAKE_MS, so an evicted object wakes
 * and resumes them. Only a channel of which the queue manager knows nothing (it was opened
 * since) is started: one RETRYING is core's to retry (SHORTRTY/LONGRTY on the same alarms).
 */
import type { QueueManager, TimerHandle } from "../../core/index.js";

/**
 * How soon a restarted or evicted object wakes to resume its channels. Short, because IBM
 * restarts them with the queue manager, at once; cheap, because a running sender's idle waits
 * already set an alarm every second (core's sender polls its transmission queue).
 */
export const CHANNEL_WAKE_MS = 5_000;
const KEY = "webmq/running-channels";

export class RunningChannels {
  #names: Set<string> | undefined;
  #qm: QueueManager | undefined;
  #timer: TimerHandle | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly report: (text: string) => void,
  ) {}

  /** The names remembered (read once from storage). */
  async names(): Promise<string[]> {
    this.#names ??= new Set((await this.storage.get<string[]>(KEY)) ?? []);
    return [...this.#names];
  }

  /** Once the queue manager is open: restarts every remembered channel, and keeps the wake alarm. */
  async resume(qm: QueueManager): Promise<void> {
    this.#qm = qm;
    // STOP CHANNEL is the operator's word that the channel stays stopped, across restarts too.
    const stop = qm.stopChannel.bind(qm);
    qm.stopChannel = (name, ...options) => {
      this.#forget(name);
      return stop(name, ...options);
    };
    await this.names();
    this.#restart();
  }

  /** A sending channel is starting (its connector was asked to connect). */
  started(name: string): void {
    void this.names().then(() => {
      if (this.#names!.has(name)) return;
      this.#names!.add(name);
      this.#write();
    });
    this.#schedule();
  }

  /** The queue manager is closing: the wake timer goes; what is remembered stays. */
  close(): Promise<void> {
    this.#timer?.cancel();
    this.#timer = undefined;
    return this.#writing;
  }

  #forget(name: string): void {
    if (this.#names?.delete(name)) this.#write();
  }

  #restart(): void {
    const qm = this.#qm;
    if (!qm || !this.#names) return;
    for (const name of [...this.#names]) {
      const agent = qm.channelAgentStatus(name)?.status;
      if (qm.object("channel", name) === undefined || agent === "inactive" || agent === "stopped") {
        this.#forget(name);
        continue;
      }
      // Running, retrying, binding: the queue manager has it in hand.
      if (agent !== undefined || qm.channelStatus(name) !== undefined) continue;
      try {
        qm.startChannel(name);
      } catch (error) {
        this.report(`channel ${name} could not be restarted: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer || !this.#qm || (this.#names && this.#names.size === 0)) return;
    this.#timer = this.#qm.clock.setTimer(CHANNEL_WAKE_MS, () => {
      this.#timer = undefined;
      this.#restart();
    });
  }

  #write(): void {
    const names = [...this.#names!];
    this.#writing = this.#writing.then(() => (names.length === 0 ? this.storage.delete(KEY).then(() => undefined) : this.storage.put(KEY, names)));
  }
}
