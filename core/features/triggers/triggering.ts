/**
 * Triggering, wired: a subscriber to the queue manager's events that gathers a snapshot of
 * the queue when something happens that may start an application (a committed put, the last
 * application closing a queue for input, a trigger monitor opening an initiation queue,
 * TRIGGER turned on), asks the seed's rules (trigger-conditions.ts), and when they say so
 * puts an MQTM (trigger-message.ts) on the initiation queue. Messages put in a unit of work
 * trigger when it commits (the events come after commit), never if it backs out.
 */
import type { LocalQueueAttributes } from "../../objects/attributes.js";
import type { MessagingPort, QueueEvent, QueueView } from "../../kernel/index.js";
import type { Clock } from "../../base/clock.js";
import type { ObjectDefinition } from "../../objects/definitions.js";
import { applicationTypeFromKeyword, MQAT_UNIX } from "./application-types.js";
import { decideTrigger, type TriggerEvent, type TriggerType } from "./trigger-conditions.js";
import { encodeTriggerMessage, MQFMT_TRIGGER, type TriggerMessage } from "./trigger-message.js";

/** What triggering needs of the queue manager. */
export interface TriggerHost extends Pick<MessagingPort, "put"> {
  readonly clock: Clock;
  readonly events: { subscribe(listener: (event: QueueEvent) => void): () => void; emit?(event: QueueEvent): void };
  queue(name: string): QueueView | undefined;
  /** The local queues' names: the ones an initiation queue's monitor serves are among them. */
  queueNames(): Iterable<string>;
  /** IPPROCS of a queue: handles open for input, waiting gets, consumers. */
  openInputCount(queue: QueueView): number;
  /** TRIGINT, ms. */
  triggerInterval(): number;
  processDefinition(name: string): ObjectDefinition | undefined;
  /** The keyword APPLTYPE shows for a process's stored value (e.g. "unix" -> "UNIX"). */
  applicationTypeKeyword(value: unknown): string;
  /** DEPTH fired: the queue turns NOTRIGGER, as MQ does, until turned on again. */
  disableTrigger(queue: string): void;
  /** A trigger message that could not be put (the initiation queue is full, say). */
  report?(text: string): void;
}

export class Triggering {
  /** When each queue's last trigger message was made (FIRST's TRIGINT). */
  readonly #lastTrigger = new Map<string, number>();
  /** Each queue's IPPROCS as last told, to see it fall to 0 or rise from 0. */
  readonly #inputs = new Map<string, number>();
  /** Queues with TRIGGER on. Events are listened to only while there is one, so a queue manager that triggers nothing pays nothing. */
  readonly #triggered = new Set<string>();
  #unsubscribe: (() => void) | undefined;

  constructor(private readonly host: TriggerHost) {}

  /** After open: the queues restored with TRIGGER on. */
  refresh(): void {
    for (const name of this.host.queueNames()) if (this.host.queue(name)?.attributes.trigger === true) this.#triggered.add(name);
    this.#listen();
  }

  close(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** A queue deleted: it triggers nothing any more. */
  queueDeleted(name: string): void {
    this.#triggered.delete(name);
    this.#inputs.delete(name);
    this.#lastTrigger.delete(name);
    this.#listen();
  }

  /** A queue defined or altered: TRIGGER turned on makes a trigger message when the queue already qualifies. */
  queueAltered(name: string, before: LocalQueueAttributes | undefined, after: LocalQueueAttributes): void {
    if (after.trigger === true) this.#triggered.add(name);
    else this.#triggered.delete(name);
    this.#listen();
    if (before !== undefined && after.trigger === true && before.trigger !== true) this.#consider(name, { kind: "trigger-enabled" });
  }

  #listen(): void {
    if (this.#triggered.size > 0 && !this.#unsubscribe) {
      // Input counts start from what the queues show now.
      for (const name of this.host.queueNames()) {
        const queue = this.host.queue(name);
        if (queue) this.#inputs.set(name, this.host.openInputCount(queue));
      }
      this.#unsubscribe = this.host.events.subscribe((event) => this.#onEvent(event));
    } else if (this.#triggered.size === 0 && this.#unsubscribe) this.close();
  }

  #onEvent(event: QueueEvent): void {
    if (event.type === "put") {
      const queue = this.host.queue(event.queue);
      if (queue?.attributes.trigger === true) this.#consider(event.queue, { kind: "put-committed", priority: event.priority });
      return;
    }
    if (event.type !== "input") return;
    const before = this.#inputs.get(event.queue) ?? 0;
    this.#inputs.set(event.queue, event.openInputCount);
    if (before > 0 && event.openInputCount === 0) this.#consider(event.queue, { kind: "queue-closed-input" });
    // A monitor opened an initiation queue: the queues it serves may already qualify.
    if (before === 0 && event.openInputCount > 0) {
      for (const name of this.#queuesServedBy(event.queue)) this.#consider(name, { kind: "initq-opened" });
    }
  }

  /** The queues with TRIGGER on whose INITQ is `initiationQueue`. */
  #queuesServedBy(initiationQueue: string): string[] {
    const out: string[] = [];
    for (const name of this.#triggered) {
      const attributes = this.host.queue(name)?.attributes;
      if (attributes?.trigger === true && String(attributes.initiationQueue ?? "") === initiationQueue) out.push(name);
    }
    return out;
  }

  #consider(name: string, event: TriggerEvent): void {
    const queue = this.host.queue(name);
    if (!queue) return;
    const a = queue.attributes;
    if (a.trigger !== true) return;
    const initiationQueueName = String(a.initiationQueue ?? "").trim();
    const initiationQueue = initiationQueueName === "" ? undefined : this.host.queue(initiationQueueName);
    const processName = String(a.processName ?? "").trim();
    const definition = processName === "" ? undefined : this.host.processDefinition(processName);
    const triggerType = String(a.triggerType ?? "first") as TriggerType;
    const triggerDepth = Number(a.triggerDepth ?? 1);
    const minimumPriority = Number(a.triggerMessagePriority ?? 0);
    const now = this.host.clock.now();
    const decision = decideTrigger(
      {
        queue: {
          triggerControl: true,
          triggerType,
          triggerDepth,
          triggerMsgPriority: minimumPriority,
          getEnabled: a.getEnabled,
          initiationQueue: initiationQueueName,
          processName,
          isTransmissionQueue: a.usage === "transmission",
          triggerData: String(a.triggerData ?? ""),
          openInputCount: this.host.openInputCount(queue),
          // Counted only as far as the rules need: FIRST asks whether one was there before.
          eligibleDepth: queue.eligibleDepth(minimumPriority, Math.max(2, triggerDepth)),
        },
        processDefined: definition !== undefined,
        initiationQueue: { exists: initiationQueue !== undefined, openInputCount: initiationQueue ? this.host.openInputCount(initiationQueue) : 0 },
        ...(this.#lastTrigger.has(name) ? { lastTriggerTime: this.#lastTrigger.get(name)! } : {}),
        triggerInterval: this.host.triggerInterval(),
        now,
      },
      event,
    );
    if (!decision.fire) return;
    this.#lastTrigger.set(name, now);
    if (decision.disableTrigger) this.host.disableTrigger(name);
    const message: TriggerMessage = {
      queueName: name,
      processName,
      triggerData: String(a.triggerData ?? ""),
      applicationType: definition ? (applicationTypeFromKeyword(this.host.applicationTypeKeyword(definition.attributes.applicationType)) ?? MQAT_UNIX) : 0,
      applicationId: String(definition?.attributes.applicationId ?? ""),
      environmentData: String(definition?.attributes.environmentData ?? ""),
      userData: String(definition?.attributes.userData ?? ""),
    };
    // The MQTM, byte for byte as IBM lays it out, with format MQTRIGGER; not persistent, as MQ's are.
    void this.host
      .put(initiationQueueName, { body: encodeTriggerMessage(message), bodyFormat: "bytes", persistent: false }, { context: { format: MQFMT_TRIGGER } })
      // Told after the trigger message's own "put", so that one can see which queue it was for.
      .then(({ messageId }) =>
        this.host.events.emit?.({ type: "triggered", queue: name, initiationQueue: initiationQueueName, messageId, process: processName }),
      )
      .catch((error: unknown) =>
        this.host.report?.(
          `the trigger message for queue ${name} could not be put on ${initiationQueueName}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
}
