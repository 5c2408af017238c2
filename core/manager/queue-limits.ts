/**
 * What a put does when its queue is at MAXDEPTH, as Sun MQ's destination limit behaviours
 * have it (LIMITBHV, ours): REJECT fails with MQRC_Q_FULL (IBM MQ's way, and the default);
 * FLOWCTL makes the put wait for room, up to its wait, then fail; RMOLDEST removes the
 * oldest message, RMLOWPRI the oldest of the lowest priority below the new message's (none
 * below: MQRC_Q_FULL). A removed message goes to the dead-letter queue where the queue says
 * USEDLQ(YES); the removal and the put are one unit of work, so neither happens without the
 * other. Loaded the first time a put meets a queue's limit (queue-at-limit.ts tells when).
 */
import { MQError, MQRC } from "../base/errors.js";
import type { MessagingPort, Kernel, Entry, LocalQueue, PutOptions, PutResult, UnitOfWork } from "../kernel/index.js";
import type { PutMessage } from "../message/message.js";
import { fitsBytes, sizeOf } from "./queue-at-limit.js";
import { moveToDeadLetterQueue, type MoveHost } from "../features/dead-letters/move-aside.js";

/** How long a put waits for room on a FLOWCTL queue unless it says. */
export const DEFAULT_FLOW_CONTROL_WAIT_MS = 10_000;

export interface LimitHost extends Pick<MessagingPort, "put" | "beginUnitOfWork"> {
  /** Throws what the put would throw for anything but the queue's limits, and changes nothing. */
  check(queue: string, message: PutMessage, options: PutOptions): void;
  move: MoveHost;
}

export class QueueLimits {
  /** Messages each unit of work has removed from each queue to make room: they count in depth until it commits. */
  readonly #removedBy = new WeakMap<UnitOfWork, Map<string, { count: number; bytes: number }>>();

  constructor(
    private readonly kernel: Kernel,
    private readonly host: LimitHost,
    /** Whether the queue manager is closing: a put woken then fails. */
    private readonly stopping: () => boolean = () => false,
  ) {}

  async putAtLimit(queueName: string, queue: LocalQueue, message: PutMessage, options: PutOptions): Promise<PutResult> {
    if (queue.attributes.limitBehavior === "flowControl") return this.#waitForRoom(queueName, queue, message, options);
    // A message the put would refuse anyway removes nothing.
    this.host.check(queueName, message, options);
    const own = options.unitOfWork === undefined;
    const unit = options.unitOfWork ?? this.host.beginUnitOfWork();
    try {
      const priority = typeof message?.priority === "number" ? message.priority : Number(queue.attributes.defaultPriority);
      const size = sizeOf(message);
      const byQueue = this.#removedBy.get(unit) ?? new Map<string, { count: number; bytes: number }>();
      this.#removedBy.set(unit, byQueue);
      const removedSoFar = byQueue.get(queue.name) ?? { count: 0, bytes: 0 };
      byQueue.set(queue.name, removedSoFar);
      // As many of the oldest (or lowest-priority) messages as it takes, by count and by bytes.
      while (queue.depth - removedSoFar.count >= queue.attributes.maxDepth || !fitsBytes(queue, size, removedSoFar.bytes)) {
        const victim = this.#victim(queue, priority);
        if (!victim) {
          const why =
            queue.attributes.limitBehavior === "removeLowPriority"
              ? `and holds no message of a priority below ${priority} to remove (LIMITBHV(RMLOWPRI))`
              : "and none of its messages can be removed now (LIMITBHV(RMOLDEST))";
          throw new MQError(
            "MQRC_Q_FULL",
            `queue ${queue.name} is at its MAXDEPTH(${queue.attributes.maxDepth}) or MAXBYTES(${String(queue.attributes.maxBytes)}) ${why}`,
          );
        }
        queue.lock(victim);
        const removed = await this.kernel.getUnderSyncpoint(queue, victim, unit);
        removedSoFar.count++;
        removedSoFar.bytes += victim.record.bodySize;
        if (queue.attributes.useDeadLetterQueue === true) {
          const failure = await moveToDeadLetterQueue(this.host.move, removed, queue.name, MQRC.MQRC_Q_FULL, unit, "webmq queue limit");
          if (failure !== undefined)
            throw new MQError(
              "MQRC_Q_FULL",
              `queue ${queue.name} is full, and the message that would make room could not go to the dead-letter queue: ${failure instanceof Error ? failure.message : String(failure)}`,
            );
        }
      }
      const result = await this.host.put(queueName, message, {
        ...options,
        unitOfWork: unit,
        makingRoom: removedSoFar.count,
        makingRoomBytes: removedSoFar.bytes,
      });
      if (own) await unit.commit();
      return result;
    } catch (error) {
      if (own) {
        if (unit.state === "active") await unit.rollback({ countBackout: false }).catch(() => undefined);
        throw error;
      }
      // In the caller's unit, removals may already be in it: the unit is backed out, as MQ
      // backs out a unit whose work cannot be completed, so that none stays without the put.
      if (unit.state === "active") await unit.rollback().catch(() => undefined);
      throw new MQError(
        "MQRC_BACKED_OUT",
        `the put to ${queue.name} at its limit failed, so its unit of work was backed out: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  /** The message to remove: the oldest available one, or for RMLOWPRI the oldest of the lowest priority below `priority`. */
  #victim(queue: LocalQueue, priority: number): Entry | undefined {
    const lowPriority = queue.attributes.limitBehavior === "removeLowPriority";
    let best: Entry | undefined;
    for (const entry of queue.entries(true)) {
      const r = entry.record;
      if (lowPriority && r.priority >= priority) continue;
      if (!best || (lowPriority && r.priority < best.record.priority) || ((!lowPriority || r.priority === best.record.priority) && r.seq < best.record.seq))
        best = entry;
    }
    return best;
  }

  async #waitForRoom(queueName: string, queue: LocalQueue, message: PutMessage, options: PutOptions): Promise<PutResult> {
    const wait = options.wait ?? DEFAULT_FLOW_CONTROL_WAIT_MS;
    if (wait !== Infinity && (!Number.isSafeInteger(wait) || wait < 0))
      throw new MQError("MQRC_WAIT_INTERVAL_ERROR", `wait is a whole number of milliseconds, or Infinity; got ${JSON.stringify(wait)}`);
    const deadline = this.kernel.clock.now() + wait;
    const size = sizeOf(message);
    while (queue.depth >= queue.attributes.maxDepth || !fitsBytes(queue, size)) {
      const left = deadline - this.kernel.clock.now();
      if (left <= 0 || !(await this.#room(queue, left))) {
        throw new MQError(
          "MQRC_Q_FULL",
          `queue ${queue.name} stayed at its MAXDEPTH(${queue.attributes.maxDepth}) or MAXBYTES(${String(queue.attributes.maxBytes)}) for the ${wait} ms the put waited (LIMITBHV(FLOWCTL))`,
        );
      }
      if (this.kernel.queues.get(queue.name) !== queue) throw new MQError("MQRC_Q_DELETED", `queue ${queue.name} was deleted while the put waited for room`);
      if (this.kernel.closed || this.stopping())
        throw new MQError("MQRC_Q_MGR_STOPPING", `the queue manager closed while the put waited for room on ${queue.name}`);
    }
    return this.host.put(queueName, message, { ...options, makingRoom: 0 });
  }

  /** Resolves true when a message leaves the queue, false after `ms`. */
  #room(queue: LocalQueue, ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        timer?.cancel();
        resolve(true);
      };
      const timer =
        ms === Infinity
          ? undefined
          : this.kernel.clock.setTimer(ms, () => {
              const index = queue.roomWaiters.indexOf(wake);
              if (index >= 0) queue.roomWaiters.splice(index, 1);
              resolve(false);
            });
      queue.roomWaiters.push(wake);
    });
  }
}
