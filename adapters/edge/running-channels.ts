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
 * While a remembered channel has work (messages on its transmission queue, a batch in doubt, or
 * it is not yet running), an alarm stays due within CHANNEL_WAKE_MS, so an object evicted or
 * restarted mid-transfer wakes and resumes it. An idle one costs nothing: its sender waits on
 * its transmission queue in memory, with no alarm but DISCINT's, and so does this wake; a
 * persistent message put on that queue (told by the store's commit, `committed`) arms it again.
 * An idle channel lost to an eviction loses nothing: the next message for it comes through a
 * request, which opens the queue manager and resumes it. Only a channel of which the queue
 * manager knows nothing (it was opened since) is started: one RETRYING is core's to retry
 * (SHORTRTY/LONGRTY on the same alarms).
 */
import type { QueueManager, StoreOp, TimerHandle } from "../../core/index.js";

/** How soon a restarted or evicted object wakes to resume a channel that had work. Short, because IBM restarts them with the queue manager, at once. */
export const CHANNEL_WAKE_MS = 5_000;
const KEY = "webmq/running-channels";
/** The sender's sync record (core/features/channels/host.ts senderKey): written with `inDoubt` before a batch's confirm. */
const SENDER_RECORD = /^channel\/(.+)\/sender$/;

export class RunningChannels {
  #names: Set<string> | undefined;
  #qm: QueueManager | undefined;
  #timer: TimerHandle | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** Channels whose running session's end is awaited (#watchEnd). */
  readonly #watched = new Set<string>();

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

  /**
   * A store commit landed: one that puts a message on a remembered channel's transmission
   * queue, or records its batch in doubt, gives it work, so the wake is armed (a no-op while it is).
   */
  committed(batch: readonly StoreOp[]): void {
    const qm = this.#qm;
    if (this.#timer || !qm || !this.#names || this.#names.size === 0) return;
    for (const op of batch) {
      const inDoubt = op.op === "putMeta" && (op.value as { inDoubt?: unknown } | null)?.inDoubt !== undefined;
      const channel = inDoubt ? SENDER_RECORD.exec(op.key)?.[1] : undefined;
      if ((channel !== undefined && this.#names.has(channel)) || (op.op === "putMessage" && this.#transmissionQueues(qm).has(op.record.queue))) {
        this.#schedule();
        return;
      }
    }
  }

  /** The queue manager is closing: the wake timer goes; what is remembered stays. */
  close(): Promise<void> {
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#qm = undefined;
    return this.#writing;
  }

  #forget(name: string): void {
    if (this.#names?.delete(name)) this.#write();
  }

  /** Starts what the queue manager does not run; `woken`: by the wake, which stays armed only while a channel has work. */
  #restart(woken = false): void {
    const qm = this.#qm;
    if (!qm || !this.#names) return;
    for (const name of [...this.#names]) {
      const agent = qm.channelAgentStatus(name)?.status;
      if (qm.object("channel", name) === undefined || agent === "inactive" || agent === "stopped") {
        this.#forget(name);
        continue;
      }
      // Running, retrying, binding: the queue manager has it in hand.
      if (agent === "running") this.#watchEnd(qm, name);
      if (agent !== undefined || qm.channelStatus(name) !== undefined) continue;
      try {
        qm.startChannel(name);
      } catch (error) {
        this.report(`channel ${name} could not be restarted: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!woken || [...this.#names].some((name) => this.#hasWork(qm, name))) this.#schedule();
  }

  /** Arms the wake; `#restart` arms it again only while a channel has work. */
  #schedule(): void {
    if (this.#timer || !this.#qm || (this.#names && this.#names.size === 0)) return;
    this.#timer = this.#qm.clock.setTimer(CHANNEL_WAKE_MS, () => {
      this.#timer = undefined;
      this.#restart(true);
    });
  }

  /**
   * Looks again when the running session of `name` ends, with no alarm meanwhile: ended by
   * DISCINT or its partner, the channel is forgotten; RETRYING, the wake is armed again.
   */
  #watchEnd(qm: QueueManager, name: string): void {
    if (this.#watched.has(name)) return;
    this.#watched.add(name);
    void qm
      .channelOperations(name)
      .then((operations) => operations.ended(name))
      .catch(() => undefined)
      .then(() => {
        this.#watched.delete(name);
        if (this.#qm !== qm) return;
        // Still running (its end was answered at once): looking again now would spin.
        if (qm.channelAgentStatus(name)?.status === "running") this.#schedule();
        else this.#restart(true);
      });
  }

  /** Whether the channel would be lost, or left behind, if the object went now: not running, or with messages to send or a batch in doubt. */
  #hasWork(qm: QueueManager, name: string): boolean {
    const agent = qm.channelAgentStatus(name);
    if (agent?.status !== "running" || agent.inDoubt || agent.substate !== "MQGET") return true;
    const queue = qm.object("channel", name)?.attributes.transmissionQueue;
    return typeof queue === "string" && queue !== "" && qm.queueStatus(queue).depth > 0;
  }

  #transmissionQueues(qm: QueueManager): Set<string> {
    const queues = new Set<string>();
    for (const name of this.#names ?? []) {
      const queue = qm.object("channel", name)?.attributes.transmissionQueue;
      if (typeof queue === "string") queues.add(queue);
    }
    return queues;
  }

  #write(): void {
    const names = [...this.#names!];
    this.#writing = this.#writing.then(() => (names.length === 0 ? this.storage.delete(KEY).then(() => undefined) : this.storage.put(KEY, names)));
  }
}
