/**
 * MQSUB for one MQI client connection (session.ts), as the local binding makes it
 * (adapters/mqi/subscriptions.ts), for the principal the connection runs as:
 *
 * - non-durable: copies of the topic's publications go to a queue the connection opened for
 *   input, or to a managed SYSTEM.MANAGED.NDURABLE.* queue opened here; they stop when the
 *   client closes the subscription's handle or the socket ends;
 * - durable (MQSO_DURABLE with a SubName): a SUB object (DISPLAY SUB shows it), to the given
 *   queue or to a managed SYSTEM.MANAGED.DURABLE.* queue, which outlives the connection; a later
 *   connection resumes it by name (MQSO_RESUME) and gets what was published meanwhile. Only
 *   MQCO_REMOVE_SUB (`unsub` with `remove`) deletes it.
 *
 * Authority, as IBM's topic security checks MQSUB: SUB on the topic to create or alter a
 * subscription, RESUME on it to resume one. The topic is named by ObjectString, by a TOPIC
 * object's ObjectName, or both (adapters/mqi/topic-string.ts).
 */
import { MQError, type QueueHandle, type QueueManager } from "../../../core/index.js";
import { MQC_NUMBERS as N } from "../../../core/features/mqi/mqc.js";
import { addNonDurableSubscription, ensureManagedDurable, removeManagedDurable, requestRetained } from "../../../core/manager/mqi-parts.js";
import type { ClientRequest } from "../../mqi/client-protocol.js";
import { openManagedNonDurable } from "../../mqi/managed-queue.js";
import { resolveTopicString } from "../../mqi/topic-string.js";
import { checkPrincipalTopicAuthority, type CheckedPrincipal } from "../security/authority.js";

export interface ClientSubscription {
  topic: string;
  queue: string;
  durable: boolean;
  managed: boolean;
  name: string;
  /** Stops a non-durable subscription's copies; nothing for a durable one, which stays. */
  unsubscribe(): void;
}

/** What a subscription needs of its session: the principal, its handles, and new handle numbers. */
export interface SubscriptionSession {
  readonly qm: QueueManager;
  readonly principal: CheckedPrincipal | undefined;
  readonly application: string;
  readonly handles: Map<number, QueueHandle>;
  nextId(): number;
}

/** A refusal the client's MQI gives by IBM's reason name (some are not among the core's own). */
function refusal(reason: string, text: string): Error {
  return Object.assign(new Error(`${reason}: ${text}`), { reason });
}

const asText = (value: unknown, field: string): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new MQError("MQRC_FORMAT_ERROR", `a request's ${field} is a string`);
  return value;
};

/** A topic's full string from a request's TOPIC object name and object string (checked to be strings). */
export function topicStringOf(qm: QueueManager, objectName: unknown, objectString: unknown): string {
  return resolveTopicString(qm, asText(objectName, "objectName"), asText(objectString, "topic"));
}

export class ClientSubscriptions {
  readonly #made = new Map<number, ClientSubscription>();
  /** Managed durable queues whose subscription was removed while the client still had them open: deleted at their close. */
  readonly #removeWhenClosed = new Set<string>();

  constructor(private readonly session: SubscriptionSession) {}

  /** MQSUB: the subscription's number on this connection, its topic, and for MQSO_MANAGED the queue's handle. */
  async subscribe(request: Extract<ClientRequest, { op: "sub" }>): Promise<{ subscription: number; topic: string; handle?: number; queueName?: string }> {
    const { qm, principal } = this.session;
    const options = request.options;
    if (!Number.isSafeInteger(options)) throw new MQError("MQRC_FORMAT_ERROR", "a sub carries its MQSD's Options as an integer");
    const objectName = asText(request.objectName, "objectName");
    const objectString = asText(request.topic, "topic");
    const managed = (options & N.MQSO_MANAGED) !== 0;
    const durable = (options & N.MQSO_DURABLE) !== 0;
    if (!(options & (N.MQSO_CREATE | N.MQSO_RESUME | N.MQSO_ALTER))) throw refusal("MQRC_OPTIONS_ERROR", "MQSUB needs MQSO_CREATE, MQSO_RESUME or MQSO_ALTER");
    if (managed === (request.handle !== undefined))
      throw refusal(managed ? "MQRC_HOBJ_ERROR" : "MQRC_OPTIONS_ERROR", "a queue handle is given without MQSO_MANAGED, and only then");
    const name = asText(request.name, "name")?.trim() ?? "";
    if (durable && name === "") throw refusal("MQRC_SUB_NAME_ERROR", "a durable subscription needs a SubName");
    const existing = durable ? qm.object("subscription", name) : undefined;
    if (existing !== undefined && !(options & (N.MQSO_RESUME | N.MQSO_ALTER)))
      throw refusal("MQRC_SUB_ALREADY_EXISTS", `subscription ${name} exists; resume it with MQSO_RESUME`);
    if (existing === undefined && !(options & N.MQSO_CREATE)) throw new MQError("MQRC_NO_SUBSCRIPTION", `no subscription ${name}`);
    // Resuming takes the subscription's own topic; creating needs one.
    const topic =
      existing !== undefined && objectName === undefined && objectString === undefined
        ? String(existing.attributes.topicString ?? "")
        : topicStringOf(qm, objectName, objectString);
    const resuming = existing !== undefined && !(options & N.MQSO_ALTER);
    checkPrincipalTopicAuthority(qm, principal, topic, resuming ? "RESUME" : "SUB");
    const selector = asText(request.selector, "selector") ?? "";

    let queue: string;
    let managedQueue: { handle: number; queueName: string } | undefined;
    if (managed) {
      const handle = durable
        ? await qm.open(await ensureManagedDurable(qm, name, topic, selector), { input: true, browse: true, application: this.session.application })
        : await openManagedNonDurable(qm, this.session.application);
      const id = this.session.nextId();
      this.session.handles.set(id, handle);
      managedQueue = { handle: id, queueName: handle.queueName };
      queue = handle.queueName;
    } else {
      const handle = this.session.handles.get(request.handle as number);
      if (handle === undefined || !handle.isOpen || !handle.status.input)
        throw new MQError("MQRC_HOBJ_ERROR", "a subscription's queue must be one this connection opened for input");
      queue = handle.queueName;
    }
    let unsubscribe = () => undefined as void;
    if (!durable) unsubscribe = await addNonDurableSubscription(qm, { topic, queue, durable: false });
    else if (!managed && existing === undefined)
      await qm.defineObject("subscription", name, { topicString: topic, destination: queue, ...(selector ? { selector } : {}) });
    const id = this.session.nextId();
    this.#made.set(id, { topic, queue, durable, managed, name, unsubscribe });
    // Retained publications come at once unless the subscriber asks for them, as over a local binding.
    if (!durable && !(options & (N.MQSO_PUBLICATIONS_ON_REQUEST | N.MQSO_NEW_PUBLICATIONS_ONLY))) await requestRetained(qm, topic, queue, false);
    return { subscription: id, topic, ...(managedQueue ?? {}) };
  }

  /** MQCLOSE of the subscription's handle: its copies stop; with `remove` (MQCO_REMOVE_SUB) a durable one is deleted. */
  async unsubscribe(id: number, remove: boolean): Promise<void> {
    const subscription = this.get(id);
    this.#made.delete(id);
    subscription.unsubscribe();
    if (!subscription.durable || !remove) return;
    const { qm, handles } = this.session;
    if (!subscription.managed) return void (await qm.deleteObject("subscription", subscription.name));
    const stillOpen = [...handles.values()].some((handle) => handle.isOpen && handle.queueName === subscription.queue);
    if (!stillOpen) return removeManagedDurable(qm, subscription.name);
    await qm.deleteObject("subscription", subscription.name);
    this.#removeWhenClosed.add(subscription.queue);
  }

  /** After a handle's close: a managed durable queue whose subscription was removed goes, with its messages. */
  async closed(queue: string): Promise<void> {
    if (!this.#removeWhenClosed.delete(queue)) return;
    const qm = this.session.qm;
    if (qm.hasQueue(queue)) await qm.deleteObject("localQueue", queue, { purge: true });
  }

  /** MQSUBRQ: the topic's retained publication to the subscription's queue again. */
  requestRetained(id: number): Promise<number> {
    const { topic, queue, durable } = this.get(id);
    return requestRetained(this.session.qm, topic, queue, durable);
  }

  get(id: number): ClientSubscription {
    const subscription = this.#made.get(id);
    if (subscription === undefined) throw new MQError("MQRC_HOBJ_ERROR", "no such subscription on this connection");
    return subscription;
  }

  /** The socket ended: non-durable subscriptions stop; durable ones stay for a later connection to resume. */
  ended(): void {
    for (const subscription of this.#made.values()) subscription.unsubscribe();
    this.#made.clear();
  }
}
