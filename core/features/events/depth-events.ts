/**
 * Queue depth events as IBM MQ raises them on a distributed queue manager (IBM's "Queue
 * depth events", "Enabling queue depth events", "Performance events", "Queue depth events
 * examples"): a subscriber to the manager's committed puts and gets, not code in them.
 *
 * - Nothing happens unless the queue manager's PERFMEV is ENABLED; while it is disabled this
 *   module is not even subscribed, so puts and gets pay nothing for it.
 * - Queue Depth High: a put leaves CURDEPTH at or above QDEPTHHI percent of MAXDEPTH while
 *   QDPHIEV is ENABLED. It disables QDPHIEV and enables QDPLOEV and QDPMAXEV.
 * - Queue Depth Low: a get leaves CURDEPTH at or below QDEPTHLO percent of MAXDEPTH while
 *   QDPLOEV is ENABLED. It disables QDPLOEV and enables QDPHIEV and QDPMAXEV.
 * - Queue Full: a put is refused with MQRC_Q_FULL while QDPMAXEV is ENABLED. It disables
 *   QDPMAXEV and enables QDPLOEV.
 *   The queue manager switches these attributes itself, and DISPLAY QLOCAL shows the switch.
 * - Each event message carries the queue's statistics since they were last reset, and resets
 *   them: the time, the highest depth, and how many messages were put and got. They are kept
 *   in memory, so a restart resets them too, as it does in MQ.
 * - The message goes to SYSTEM.ADMIN.PERFM.EVENT (format MQEVENT, PCF data, the event
 *   queue's default priority and persistence). When it cannot be put there (no such queue,
 *   full, put-inhibited), it is lost, as MQ loses it; the application's put or get that caused
 *   it is never affected. No events are raised about event queues themselves.
 *
 * Where this differs from MQ, because events here are told at commit: MQ raises a depth event
 * at the MQPUT or MQGET, inside a unit of work, even one that is later backed out; here a put
 * or get under syncpoint counts when its unit commits, and one backed out never raises an
 * event or counts in MsgEnqCount or MsgDeqCount. The depth compared is the queue's CURDEPTH
 * at that commit: uncommitted puts count in it, as in MQ, but a get under syncpoint leaves it
 * until the get commits (MQ takes it off at the MQGET). A refused put is a Queue Full at once,
 * since nothing of it is ever committed.
 */
import type { LocalQueueAttributes } from "../../objects/attributes.js";
import type { MessagingPort, QueueEvent, QueueEvents } from "../../kernel/index.js";
import { encodeDepthEvent, MQFMT_EVENT, type DepthEventType } from "./performance-event-pcf.js";

import { PERFORMANCE_EVENT_QUEUE } from "./event-queues.js";

/** The switches a depth event flips on its queue (QDPHIEV, QDPLOEV, QDPMAXEV). */
export type DepthEventSwitches = Partial<Pick<LocalQueueAttributes, "depthHighEvent" | "depthLowEvent" | "depthMaxEvent">>;

/** What the module needs of the queue manager. */
export interface DepthEventsHost extends Pick<MessagingPort, "put"> {
  readonly name: string;
  readonly events: Pick<QueueEvents, "subscribe">;
  /** PERFMEV and CCSID, as they are now. */
  queueManagerAttributes(): Readonly<Record<string, unknown>>;
  /** A local queue's attributes, or undefined when there is no such local queue. */
  queueAttributes(queue: string): LocalQueueAttributes | undefined;
  /** Sets event switches as the queue manager does after an event: at once, without an ALTER. */
  switchEvents(queue: string, switches: DepthEventSwitches): void;
  now(): number;
}

/** A queue's performance statistics since they were last reset. */
interface QueueStatistics {
  resetAt: number;
  highQDepth: number;
  msgEnqCount: number;
  msgDeqCount: number;
}

/** After each event, which switches the queue manager sets (IBM's "Enabling queue depth events"). */
const SWITCHES_AFTER: Record<DepthEventType, DepthEventSwitches> = {
  "Queue Depth High": { depthHighEvent: false, depthLowEvent: true, depthMaxEvent: true },
  "Queue Depth Low": { depthLowEvent: false, depthHighEvent: true, depthMaxEvent: true },
  "Queue Full": { depthMaxEvent: false, depthLowEvent: true },
};

/** IBM's event queues (SYSTEM.ADMIN.PERFM.EVENT, ...QMGR.EVENT, ...): performance events are never raised for them. */
const EVENT_QUEUE = /^SYSTEM\.ADMIN\.[A-Z]+\.EVENT$/;

export class DepthEvents {
  #unsubscribe: (() => void) | undefined;
  readonly #statistics = new Map<string, QueueStatistics>();
  /** When the statistics of a queue not yet seen start: when PERFMEV was enabled or the manager opened. */
  #watchingSince = 0;

  constructor(private readonly host: DepthEventsHost) {
    this.update();
  }

  /** Follows PERFMEV: subscribes when it is enabled, and stops (forgetting the statistics) when it is not. */
  update(): void {
    const enabled = this.host.queueManagerAttributes().performanceEvent === true;
    if (enabled && !this.#unsubscribe) {
      this.#watchingSince = this.host.now();
      this.#unsubscribe = this.host.events.subscribe((event) => this.#committed(event));
    } else if (!enabled && this.#unsubscribe) {
      this.#unsubscribe();
      this.#unsubscribe = undefined;
      this.#statistics.clear();
    }
  }

  /** A put to `queue` was refused because it holds MAXDEPTH messages (MQRC_Q_FULL). */
  queueFull(queue: string, depth: number): void {
    if (!this.#unsubscribe || EVENT_QUEUE.test(queue)) return;
    const attributes = this.host.queueAttributes(queue);
    const statistics = this.#statisticsOf(queue, depth);
    statistics.highQDepth = Math.max(statistics.highQDepth, depth);
    if (attributes?.depthMaxEvent === true) this.#raise("Queue Full", queue, depth, statistics);
  }

  // --- Internal helpers ---

  #committed(event: QueueEvent): void {
    // Only what was committed counts (not a put held by a unit, nor a message expired).
    if ((event.type !== "put" && event.type !== "get" && event.type !== "backout") || EVENT_QUEUE.test(event.queue)) return;
    const statistics = this.#statisticsOf(event.queue, event.depth);
    statistics.highQDepth = Math.max(statistics.highQDepth, event.depth);
    if (event.type === "backout") return; // a backed-out get raises the depth but is no put
    const attributes = this.host.queueAttributes(event.queue);
    if (!attributes) return;
    // Percentages compared exactly (depth / MAXDEPTH against QDEPTHHI / 100), so no rounding decides.
    if (event.type === "put") {
      statistics.msgEnqCount++;
      if (attributes.depthHighEvent === true && event.depth * 100 >= Number(attributes.depthHighLimit) * attributes.maxDepth)
        this.#raise("Queue Depth High", event.queue, event.depth, statistics);
    } else {
      statistics.msgDeqCount++;
      if (attributes.depthLowEvent === true && event.depth * 100 <= Number(attributes.depthLowLimit) * attributes.maxDepth)
        this.#raise("Queue Depth Low", event.queue, event.depth, statistics);
    }
  }

  #statisticsOf(queue: string, depth: number): QueueStatistics {
    let statistics = this.#statistics.get(queue);
    if (!statistics) {
      statistics = { resetAt: this.#watchingSince, highQDepth: depth, msgEnqCount: 0, msgDeqCount: 0 };
      this.#statistics.set(queue, statistics);
    }
    return statistics;
  }

  #raise(eventType: DepthEventType, queue: string, depth: number, statistics: QueueStatistics): void {
    const now = this.host.now();
    const data = encodeDepthEvent(
      {
        eventType,
        queueManager: this.host.name,
        queue,
        timeSinceReset: Math.floor(Math.max(0, now - statistics.resetAt) / 1000),
        highQDepth: statistics.highQDepth,
        msgEnqCount: statistics.msgEnqCount,
        msgDeqCount: statistics.msgDeqCount,
      },
      Number(this.host.queueManagerAttributes().codedCharacterSetId ?? 819),
    );
    // The event resets the statistics and flips the switches now, so the next put or get already sees them.
    Object.assign(statistics, { resetAt: now, highQDepth: depth, msgEnqCount: 0, msgDeqCount: 0 });
    this.host.switchEvents(queue, SWITCHES_AFTER[eventType]);
    // Put after the commit that raised it has finished telling its subscribers; a failure loses the event, nothing more.
    void Promise.resolve()
      .then(() => this.host.put(PERFORMANCE_EVENT_QUEUE, { body: data, bodyFormat: "bytes", messageType: "datagram" }, { context: { format: MQFMT_EVENT } }))
      .catch(() => undefined);
  }
}
