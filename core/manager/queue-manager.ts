/**
 * QueueManager: the facade applications call. Its parts, their wiring and the message path
 * (put, get, consume, close) are core/manager/queue-manager-base.ts; here is the rest, each a
 * short delegation: opening, objects and MQSC, handles and channels, listeners, dead-letter
 * handlers and trigger monitors, JMS and publish/subscribe. One instance owns one Store; only
 * committed state is ever in the store.
 */
import type { LocalQueueAttributes } from "../objects/attributes.js";
import type {
  BrowseCursor,
  HandleStatus,
  OpenOptions,
  QueueHandle,
  UnitOfWork,
  XAResource,
  BrowseOptions,
  ChannelState,
  MessageSummary,
  PublishOptions,
  QueueManagerOptions,
  QueueStatus,
  SubscriptionStatus,
} from "../kernel/index.js";
import type { PutMessage } from "../message/message.js";
import type { ChannelConnector, ChannelTransport } from "../features/channels/transport.js";
import type { ChannelStatus } from "../features/channels/status.js";
import type { ChannelAgents } from "../features/channels/agents.js";
import type { ChannelCommandResult, SavedChannelStatus } from "../features/channels/operations.js";
import { dialsOut } from "../features/channels/settings.js";
import type { DefineOptions } from "../objects/registry.js";
import type { TopicNodeStatus } from "../features/pubsub/topic-status.js";
import type { Connection, ConnectionOptions } from "../features/jms/connection.js";
import { isQueueType, kindOf, type Attributes, type ObjectDefinition, type ObjectType } from "../objects/definitions.js";
import type { MqscRunOptions } from "../features/mqsc/execute.js";
import type { MqscResult } from "../features/mqsc/result.js";
import { copyDefinition } from "./object-admin.js";
import { readStored } from "./recovery.js";
import { Applications } from "./applications.js";
import { LazyFeature } from "../base/lazy-feature.js";
import type { ListenerStatus } from "../features/listener/listener-states.js";
import { QueueManagerBase } from "./queue-manager-base.js";
import type { Listener, ListenOptions, MessageHandler } from "../features/listener/listener.js";
import type { DeadLetterHandler } from "../features/dead-letters/dead-letter-handler.js";
import type { TriggerMonitor, TriggerMonitorOptions } from "../features/triggers/trigger-monitor.js";
import type { DlqRulesTable } from "../features/dead-letters/dlq-rule-types.js";
import { loadSelectorCompiler, memoryLimits, normalizeFilter, selectionNeedsCompiler } from "./options.js";

export type {
  AbortSignalLike,
  BrowseOptions,
  ChannelState,
  ConsumeOptions,
  GetOptions,
  MessageSummary,
  PutOptions,
  PutResult,
  QueueConsumerHandle,
  QueueManagerOptions,
  QueueStatus,
} from "../kernel/index.js";
export type { DefineOptions } from "../objects/registry.js";

export class QueueManager extends QueueManagerBase {
  /** Listeners, dead-letter handlers and trigger monitors started here, closed with the manager. */
  protected override readonly applications = new Applications<QueueManager>(this, this.clock);
  /** START CHANNEL of a sender with a connector: its agent loading and connecting (channelStarted waits for it). */
  readonly #channelStarts = new Map<string, Promise<ChannelState | undefined>>();
  /** Makes JMS connections (core/features/jms/install.ts): loaded by the first createConnection. */
  readonly #jms = new LazyFeature("JMS", async () => {
    const [{ jmsConnector }, broker] = await Promise.all([import("../features/jms/install.js"), this.features.pubsub.broker.get()]);
    return jmsConnector(this, this.admin, broker, (queue) => this.queues.get(queue)?.attributes);
  });

  /**
   * Opens a queue manager on a store: restores its objects and committed persistent
   * messages (in their order, with their ids), or creates the default objects when the
   * store is new. An open that fails once the store is read closes that store: open again
   * with a new one.
   */
  static async open(options: QueueManagerOptions & { channelConnector?: ChannelConnector }): Promise<QueueManager> {
    const stored = await readStored(options);
    const manager = new QueueManager(stored.name, stored.store, stored.clock, stored.attributes, stored.incarnation, memoryLimits(options), stored.damaged);
    manager.channelConnector = options.channelConnector;
    try {
      await manager.restore(stored, options.createDefaultObjects !== false);
      if (manager.channelConnector) await manager.#startChannelInitiator();
    } catch (error) {
      // An open that fails (a feature whose code could not be loaded, a store that failed) leaves
      // nothing running on the storage: no expiry or delivery timer, no open store.
      await manager.close().catch(() => undefined);
      throw error;
    }
    return manager;
  }

  /**
   * A listener (the product's message-driven bean, core/features/listener/listener.ts): each message in
   * its own unit of work, `maxSessions` at once; a handler that throws backs the message out;
   * a poison message goes to BOQNAME or the dead-letter queue, and the listener never stalls.
   */
  listen(queueName: string, handler: MessageHandler, options: ListenOptions = {}): Listener {
    this.checkOpen();
    return this.applications.listen(this.resolver.forGet(queueName, false).name, handler, options);
  }

  /**
   * Runs a dead-letter queue handler (IBM's runmqdlq) with a rules table in its text form
   * (core/features/dead-letters/dead-letter-handler.ts); a bad rule is refused with its line and column.
   * Asynchronous as startTriggerMonitor is: its code is loaded when the first one starts.
   */
  async startDeadLetterHandler(rules: string | DlqRulesTable): Promise<DeadLetterHandler> {
    this.checkOpen();
    return this.applications.deadLetterHandler(rules, () => this.checkRunning());
  }

  /**
   * A trigger monitor on an initiation queue (IBM's runmqtrm, core/features/triggers/trigger-monitor.ts):
   * it holds the queue open for input and starts the application each trigger message names,
   * an async function registered here under the process's APPLICID.
   */
  async startTriggerMonitor(initiationQueue: string, options: TriggerMonitorOptions<QueueManager>): Promise<TriggerMonitor<QueueManager>> {
    this.checkOpen();
    return this.applications.triggerMonitor(
      () => this.open(initiationQueue, { input: true, application: "webmq trigger monitor" }),
      options,
      () => this.checkRunning(),
    );
  }

  /** A JMS connection (see core/jms): sessions, producers and consumers over units of work. */
  async createConnection(options: ConnectionOptions = {}): Promise<Connection> {
    this.checkOpen();
    const connect = await this.#jms.get();
    // close() may have begun while JMS loaded, and already closed the connections it had.
    this.checkRunning();
    return this.connections.open((registry) => connect(registry, options));
  }

  /**
   * Publishes on a topic: a copy to each subscription whose topic string matches (MQ's '#'
   * and '+' wildcards) and whose selector selects it, all in one unit of work (the caller's,
   * or one of its own committed before this resolves), so every subscriber gets it or none
   * does. Resolves with how many subscriptions got a copy. See core/features/pubsub/broker.ts.
   */
  publish(topic: string, message: PutMessage, options: PublishOptions = {}): Promise<{ subscriptions: number }> {
    this.checkOpen();
    return this.features.pubsub.broker.get().then((broker) => broker.publish(topic, message, options));
  }

  /** A subscription's figures for DISPLAY SBSTATUS (publish/subscribe is loaded while any subscription exists). */
  subscriptionStatus(name: string): SubscriptionStatus | undefined {
    return this.features.pubsub.broker.loaded?.status(name, this.createdAt);
  }

  /** The topic nodes a topic string ('#' and '+' allowed) selects, for DISPLAY TPSTATUS. */
  topicStatus(topicString: string): Promise<TopicNodeStatus[]> {
    this.checkOpen();
    return this.features.pubsub.broker.get().then((broker) => broker.topicStatus(topicString, this.createdAt));
  }

  /**
   * Begins a unit of work (MQ syncpoint). Gets and puts made with `{ unitOfWork }` are
   * invisible to every other get and browse until `commit()` applies them in one store batch;
   * `rollback()` undoes them, putting got messages back with their backout counts raised.
   */
  override beginUnitOfWork(): UnitOfWork {
    this.checkOpen();
    return this.units.begin();
  }

  /** This queue manager as a resource of a two-phase commit: prepared transactions by xid. */
  get xaResource(): XAResource {
    return this.units.xaResource;
  }

  /** A cursor that returns each available message once, in delivery order, leaving it on the queue. */
  override browse(queueName: string, options: BrowseOptions = {}): BrowseCursor {
    this.checkOpen();
    const queue = this.resolver.forGet(queueName);
    // The first selector as text: the cursor's first step waits for the compiler (and refuses a
    // bad selector, or a compiler that could not be loaded, which its next step tries again).
    const filter = selectionNeedsCompiler(options) ? () => loadSelectorCompiler().then(() => normalizeFilter(options)) : normalizeFilter(options);
    return this.browsing.cursor(queue.name, filter);
  }

  /** Summaries (no bodies) of up to `limit` available messages, in delivery order. */
  async list(queueName: string, options: BrowseOptions & { limit?: number } = {}): Promise<MessageSummary[]> {
    this.checkOpen();
    const queue = this.resolver.forGet(queueName);
    if (selectionNeedsCompiler(options)) await loadSelectorCompiler();
    return this.browsing.list(queue.name, normalizeFilter(options), options.limit ?? Infinity);
  }

  // --- Administration ---

  /** Runs MQSC (one command or a script) as runmqsc would; bad input is reported in the result, never thrown. */
  mqsc(script: string, options?: MqscRunOptions): Promise<MqscResult> {
    this.checkOpen();
    // MQSC (its parser, commands and IBM's message texts) loads on the first call: an
    // application that only puts and gets never downloads it (a bundler splits it out).
    return import("../features/mqsc/execute.js").then(({ runMqsc }) => runMqsc(this, script, options));
  }

  /**
   * Opens a queue for a long-lived producer or consumer (MQOPEN). Opening a model queue
   * makes a dynamic queue from it: a temporary one is gone when this handle closes (and
   * holds only non-persistent messages), a permanent one is kept like any definition.
   */
  open(queueName: string, options: OpenOptions = {}): Promise<QueueHandle> {
    this.checkOpen();
    return this.handles.open(queueName, options);
  }

  /** Every open handle (DISPLAY QSTATUS TYPE(HANDLE)), or those on one queue. */
  handleStatuses(queueName?: string): HandleStatus[] {
    return this.handles.statuses(queueName);
  }

  /**
   * START CHANNEL. A sender whose queue manager was opened with a `channelConnector` starts
   * its agent (core/features/channels/): RUNNING, moving messages from its transmission queue
   * to its partner; without one it goes to RETRYING (core/manager/channels.ts). `channelStarted`
   * waits for the agent to be connected.
   */
  startChannel(name: string): ChannelState | undefined {
    this.checkOpen();
    const state = this.channels.start(name);
    const attributes = this.object("channel", name)?.attributes;
    // A receiver, or a server with no CONNAME, waits for its partner: START lets it take the partner again after a STOP.
    if (attributes && !dialsOut(attributes)) void this.#agents()?.start(name);
    if (!state || !this.channelConnector || !dialsOut(attributes)) return state;
    // A load that fails (MQRC_RESOURCE_PROBLEM) leaves the channel RETRYING, as ChannelStates set it.
    this.#channelStarts.set(
      name,
      this.#channelAgents().then(
        (agents) => agents.start(name),
        () => "retrying",
      ),
    );
    return "running";
  }

  /** What a START CHANNEL of `name` came to once its agent connected: RUNNING, or RETRYING when it could not reach its partner. */
  async channelStarted(name: string): Promise<ChannelState | undefined> {
    await this.#channelStarts.get(name);
    return this.channelStatus(name);
  }

  /**
   * STOP CHANNEL: STOPPED until started again (a channel not defined throws at once); a running
   * agent's connection is cut, and its batch in doubt resolved at the next start.
   */
  stopChannel(name: string, options: { mode?: "quiesce" | "force" } = {}): Promise<void> {
    this.checkOpen();
    this.channels.stop(name);
    return Promise.resolve(this.#channelStarts.get(name)).then(() => this.#agents()?.stop(name, options.mode ?? "force"));
  }

  /** RESOLVE CHANNEL ACTION(COMMIT|BACKOUT): a sending channel's batch in doubt, resolved here without its partner. */
  resolveChannel(name: string, action: "commit" | "backout"): Promise<ChannelCommandResult> {
    return this.#channelCommand(name).then((agents) => agents.resolve(name, action));
  }

  /** RESET CHANNEL SEQNUM(n): this end's message sequence number; a sending end tells its partner at the next start. */
  resetChannel(name: string, sequenceNumber: number): Promise<ChannelCommandResult> {
    return this.#channelCommand(name).then((agents) => agents.reset(name, sequenceNumber));
  }

  /** PING CHANNEL: exchanges data with the partner on a connection of its own, moving no message. */
  pingChannel(name: string, dataLength = 16): Promise<ChannelCommandResult> {
    return this.#channelCommand(name).then((agents) => agents.ping(name, dataLength));
  }

  /**
   * IBM's channel initiator starts with its queue manager; here with one that has a channel
   * connector (it can start channels), on SYSTEM.CHANNEL.INITQ when that queue is defined.
   */
  async #startChannelInitiator(): Promise<void> {
    const initiationQueue = "SYSTEM.CHANNEL.INITQ";
    if (!this.object("localQueue", initiationQueue)) return;
    const agents = await this.#channelAgents();
    agents.startInitiator(await this.open(initiationQueue, { input: true, application: "runmqchi" }), (channel) => void this.startChannel(channel));
  }

  /** DISPLAY CHSTATUS SAVED: what the channel's sync record keeps (loads the channels' code). */
  channelSavedStatus(name: string): Promise<SavedChannelStatus | undefined> {
    return this.#channelCommand(name).then((agents) => agents.saved(name));
  }

  #channelCommand(name: string): Promise<ChannelAgents> {
    this.checkOpen();
    this.catalogue.definitionOf("channel", name);
    return this.#channelAgents();
  }

  /** The state DISPLAY CHSTATUS shows, or undefined for an inactive channel. */
  channelStatus(name: string): ChannelState | undefined {
    const agent = this.channelAgentStatus(name);
    // An agent that ended normally (DISCINT, or its partner's end) leaves the channel inactive: no state.
    if (agent) return agent.status === "inactive" ? undefined : agent.status;
    return this.channels.status(name);
  }

  /** What DISPLAY CHSTATUS shows of a channel whose agent ran here: MSGS, BATCHES, LSTSEQNO, LSTLUWID, CURSEQNO, INDOUBT. */
  channelAgentStatus(name: string): ChannelStatus | undefined {
    return this.#agents()?.status(name);
  }

  /**
   * The receiving end of a channel: a connector calls this when a partner connects for the
   * receiving channel `channel` (CHLTYPE RCVR) defined here; one not defined is refused on the
   * connection with the reason.
   */
  acceptChannel(channel: string, transport: ChannelTransport): void {
    this.#channelAgents().then(
      (agents) => agents.accept(channel, transport),
      () => transport.close(),
    );
  }

  #agents(): ChannelAgents | undefined {
    return this.features.channels.agents.loaded;
  }

  /** The channels' agents, loaded on first use; refused once the manager is closing (its close has passed the point of closing them). */
  #channelAgents(): Promise<ChannelAgents> {
    return this.features.channels.agents.get().then((agents) => (this.checkRunning(), agents));
  }

  /** START LISTENER: a logical RUNNING state, no socket (core/features/listener/listener-states.ts); undefined when it already runs. */
  startListener(name: string): ListenerStatus | undefined {
    this.checkOpen();
    return this.listenerStates.start(name, this.kernel.clock.now());
  }

  /** STOP LISTENER: false when it was not running. */
  stopListener(name: string): boolean {
    this.checkOpen();
    return this.listenerStates.stop(name);
  }

  /** What DISPLAY LSSTATUS shows of a running listener; undefined when it is not running. */
  listenerStatus(name: string): ListenerStatus | undefined {
    return this.listenerStates.status(name);
  }

  /** Defines an object of any type (MQSC DEFINE), starting from `like` or the type's SYSTEM.DEFAULT object. */
  defineObject(type: ObjectType, name: string, attributes: Attributes = {}, options: DefineOptions = {}): Promise<ObjectDefinition> {
    return this.admin.define(type, name, attributes, options);
  }

  /** Changes some attributes of an object (MQSC ALTER); the rest stay as they are. */
  alterObject(type: ObjectType, name: string, attributes: Attributes): Promise<ObjectDefinition> {
    return this.admin.alter(type, name, attributes);
  }

  /** Deletes an object (MQSC DELETE); a local queue holding messages needs `purge`, and may not be open. */
  deleteObject(type: ObjectType, name: string, options: { purge?: boolean } = {}): Promise<void> {
    return this.admin.delete(type, name, options);
  }

  /** An object's definition, or undefined. `type` may be "queue" for a queue of any type. */
  object(type: ObjectType | "queue", name: string): ObjectDefinition | undefined {
    const found = this.catalogue.get(type === "queue" ? "queue" : kindOf(type), name);
    return found && (type === "queue" ? isQueueType(found.type) : found.type === type) ? copyDefinition(found) : undefined;
  }

  /** Definitions of the given types (all when none), sorted by name. */
  objects(types?: readonly ObjectType[]): ObjectDefinition[] {
    return this.catalogue.list(types).map(copyDefinition);
  }

  /** The open JMS connections (DISPLAY CONN). */
  jmsConnections(): { id: number; clientId: string | undefined }[] {
    return this.connections.list();
  }

  queueNames(): string[] {
    return [...this.queues.keys()].sort();
  }

  hasQueue(name: string): boolean {
    return this.queues.has(name);
  }

  queueAttributes(name: string): LocalQueueAttributes {
    return { ...this.resolver.localQueue(name).attributes };
  }

  queueStatus(name: string): QueueStatus {
    const queue = this.resolver.localQueue(name);
    const oldest = queue.oldestPutTime();
    return {
      name,
      depth: queue.depth,
      uncommitted: queue.uncommitted,
      openInputCount: queue.inputProcessCount(),
      openOutputCount: queue.openOutputCount,
      lastPutTime: queue.lastPutTime || null,
      lastGetTime: queue.lastGetTime || null,
      oldestMessageAge: oldest === undefined ? null : Math.max(0, this.kernel.clock.now() - oldest),
    };
  }

  /** Whether a local queue is a dynamic one, made from a model queue. */
  queueDynamicType(name: string): "temporary" | "permanent" | undefined {
    return this.resolver.localQueue(name).dynamic;
  }

  /** Defines a local queue: attributes from `like` (default SYSTEM.DEFAULT.LOCAL.QUEUE), then `attributes`. */
  async defineQueue(name: string, attributes: Partial<LocalQueueAttributes> = {}, options: DefineOptions = {}): Promise<void> {
    await this.defineObject("localQueue", name, attributes as Attributes, options);
  }

  async alterQueue(name: string, attributes: Partial<LocalQueueAttributes>): Promise<void> {
    await this.alterObject("localQueue", name, attributes as Attributes);
  }

  /** Deletes a local queue; one holding messages needs `purge` (MQSC PURGE), as in MQ. */
  deleteQueue(name: string, options: { purge?: boolean } = {}): Promise<void> {
    return this.deleteObject("localQueue", name, options);
  }

  /** Removes every message from a queue (MQSC CLEAR QLOCAL). Returns how many were removed. */
  clearQueue(name: string): Promise<number> {
    this.checkOpen();
    return this.admin.clear(this.resolver.localQueue(name));
  }
}
