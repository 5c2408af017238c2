/**
 * The Durable Object that holds one queue manager. The worker routes every request for
 * queue manager QM to the object `idFromName("QM")`, so each queue manager has its own
 * single-threaded home and its own SQLite database. The manager is opened on first use
 * (creating the default objects the first time ever) and reopened after an eviction, which
 * restores its persistent messages. The listeners (MQ_LISTENERS) and trigger monitors
 * (MQ_TRIGGER_MONITORS) configured for the queue manager start as it opens, and so do the
 * sending channels that were running (running-channels.ts). Channels between queue managers
 * of this Worker go from object to object over WebSockets (object-channel-connector.ts); this
 * object holds the receiving ends with the Hibernation API (channel-sockets.ts), and so it
 * holds STOMP connections the front Worker relays (stomp-sockets.ts). MQI client connections
 * (mqi-client-sockets.ts) it holds as plain accepted sockets, which keep it in memory.
 *
 * The same class serves the registry of created queue managers (queue-manager-registry.ts),
 * under a name no queue manager can have: its `registry*` methods, called by the worker over
 * RPC, touch only that instance's storage.
 */
import { DurableObject } from "cloudflare:workers";
import { MQError, QueueManager } from "../../core/index.js";
import {
  DEFAULT_HTTP_LIMITS,
  FailedLoginLimiter,
  UserDirectory,
  createHttpApp,
  errorResponse,
  parseUsers,
  socketLogin,
  webSocketChannelConnector,
  type ChannelWebSocketConstructor,
} from "../http/index.js";
import { AlarmClock } from "./alarm-clock.js";
import { EdgeListeners, parseListenerConfiguration } from "./listeners.js";
import { EdgeTriggerMonitors, parseTriggerMonitorConfiguration } from "./triggers.js";
import { DurableObjectStore } from "./durable-object-store.js";
import { EDGE_BODY_CACHE_BYTES, EDGE_MESSAGE_MEMORY_BYTES, edgeSecurity, numberVariable, parseTokens, type EdgeEnv } from "./env.js";
import { queueManagerFacts, type QueueManagerFacts } from "../http/queue-manager-directory.js";
import { isRegistered, register, registeredNames, unregister } from "./queue-manager-registry.js";
import { ChannelSockets } from "./channel-sockets.js";
import { OBJECT_CHANNEL_PATH, objectChannelConnector } from "./object-channel-connector.js";
import { RunningChannels } from "./running-channels.js";
import { parseChannelCredentials } from "./channel-credentials.js";
import { verifiedPrincipal } from "../http/security/principal-header.js";
import { OBJECT_STOMP_PATH, STOMP_TAG, StompSockets, type StompLogin } from "./stomp-sockets.js";
import { MqiClientSockets, OBJECT_MQI_CLIENT_PATH } from "./mqi-client-sockets.js";
import { applyClusterConfiguration, parseClusterConfiguration } from "./cluster-configuration.js";

export class QueueManagerObject extends DurableObject<EdgeEnv> {
  #clock: AlarmClock;
  #manager: Promise<QueueManager> | undefined;
  /** #manager once MQ_CLUSTERS's set-up has been applied to it: what requests are served by. */
  #clustered: Promise<QueueManager> | undefined;
  #storeInstance: DurableObjectStore | undefined;
  #listeners: EdgeListeners | undefined;
  #triggers: EdgeTriggerMonitors | undefined;
  #channels: RunningChannels | undefined;
  readonly #channelSockets: ChannelSockets;
  readonly #stompSockets: StompSockets;
  readonly #mqiClients: MqiClientSockets;
  #stompLoginCheck: StompLogin["check"] | undefined;
  #app: ReturnType<typeof createHttpApp> | undefined;
  /**
   * Set by dltmqm, cleared by crtmqm: a request that passed the worker's "is it served?" check
   * before the delete and reaches this object after it is refused (2058), instead of opening
   * a queue manager again on the storage just emptied and keeping what it puts there.
   */
  #deleted = false;
  /** A delete or a create's reset in progress: nothing opens the queue manager until it ends. */
  #resetting: Promise<void> | undefined;

  constructor(ctx: DurableObjectState, env: EdgeEnv) {
    super(ctx, env);
    this.#clock = new AlarmClock(ctx.storage);
    this.#channelSockets = new ChannelSockets(ctx);
    this.#stompSockets = new StompSockets(
      ctx,
      (name) => this.queueManager(name),
      () => this.#clock,
    );
    this.#mqiClients = new MqiClientSockets(env, (name) => this.queueManager(name));
    // A STOMP heart-beat (one EOL, as @stomp/stompjs sends it) is answered by the runtime
    // without waking the object: both directions' heart-beats, at no cost while the client
    // beats (stomp-sockets.ts). Channel sockets carry binary frames only, never this text.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("\n", "\n"));
  }

  /** The queue manager this object holds, opened on first use under `name`, with its configured listeners. */
  queueManager(name: string): Promise<QueueManager> {
    if (this.#resetting) return this.#resetting.then(() => this.queueManager(name));
    if (this.#deleted) return Promise.reject(new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${name} here: it has been deleted`));
    if (!this.#manager) {
      // Read before the queue manager opens: a configuration that is not usable fails the
      // request and leaves nothing running (a second open would run a second manager on the
      // same storage).
      let listeners: ReturnType<typeof parseListenerConfiguration>;
      let monitors: ReturnType<typeof parseTriggerMonitorConfiguration>;
      try {
        listeners = parseListenerConfiguration(this.env.MQ_LISTENERS);
        monitors = parseTriggerMonitorConfiguration(this.env.MQ_TRIGGER_MONITORS);
      } catch (error) {
        return Promise.reject(error);
      }
      let remoteCredentials: ReturnType<typeof parseChannelCredentials>;
      let clusters: ReturnType<typeof parseClusterConfiguration>;
      try {
        remoteCredentials = parseChannelCredentials(this.env.MQ_CHANNEL_CREDENTIALS);
        clusters = parseClusterConfiguration(this.env.MQ_CLUSTERS);
      } catch (error) {
        return Promise.reject(error);
      }
      const report = (text: string) => console.warn(`webmq ${name}: ${text}`);
      const channels = new RunningChannels(this.ctx.storage, report);
      this.#channels = channels;
      this.#store().committed = (batch) => channels.committed(batch);
      this.#manager = QueueManager.open({
        name,
        store: this.#store(),
        clock: this.#clock,
        messageMemoryBytes: numberVariable(this.env, "MQ_MESSAGE_MEMORY_BYTES", EDGE_MESSAGE_MEMORY_BYTES),
        bodyCacheBytes: EDGE_BODY_CACHE_BYTES,
        channelConnector: objectChannelConnector(this.env, {
          connecting: (channel) => channels.started(channel),
          // Partners elsewhere over the runtime's WebSocket; `host(port)` as wss, since a Worker
          // reaches them over the Internet (an http:// URL in CONNAME for one without TLS).
          remote: webSocketChannelConnector({
            WebSocket: WebSocket as unknown as ChannelWebSocketConstructor,
            credentials: remoteCredentials,
            scheme: "wss",
          }),
        }),
      }).then(async (qm) => {
        // The listeners MQ_LISTENERS names for this queue manager run from the moment it opens.
        this.#listeners = new EdgeListeners(qm, this.env, listeners, report);
        // So do the trigger monitors MQ_TRIGGER_MONITORS names; each application they start is
        // kept alive with waitUntil, inside this object's lifetime.
        this.#triggers = await EdgeTriggerMonitors.start(qm, this.env, monitors, (promise) => this.ctx.waitUntil(promise), report);
        // The sending channels that were running start again, as IBM's do when their queue manager restarts.
        await channels.resume(qm);
        return qm;
      });
      // A failed open is not cached: the next request tries again.
      this.#manager.catch(() => {
        this.#manager = undefined;
        this.#clustered = undefined;
      });
      // The clusters MQ_CLUSTERS makes it a member of: its CLUSRCVR, CLUSSDR and REPOS, what it
      // lacks (cluster-configuration.ts). After the open, not inside it: the new channels connect
      // to other members' objects, whose own channels connect back here and wait for this open
      // (inside it, two full repositories opening at once waited on each other for ever).
      // Reported, not thrown: the queue manager is open, and it serves what it already has.
      const opened = this.#manager;
      this.#clustered = opened.then((qm) =>
        applyClusterConfiguration(qm, clusters)
          .catch((error) => report(error instanceof Error ? error.message : String(error)))
          .then(() => qm),
      );
      this.#clustered.catch(() => undefined);
    }
    return this.#clustered!;
  }

  /**
   * The queue manager opened, its cluster set-up perhaps still under way: what a channel from
   * another member needs (waiting for the set-up there would wait on that member's own set-up).
   */
  #opened(name: string): Promise<QueueManager> {
    if (!this.#manager) void this.queueManager(name).catch(() => undefined);
    return this.#manager ?? this.queueManager(name);
  }

  /** The listeners running on this object's queue manager (adapters/edge/listeners.ts). */
  get listeners(): EdgeListeners | undefined {
    return this.#listeners;
  }

  /** The trigger monitors running on this object's queue manager (adapters/edge/triggers.ts). */
  get triggerMonitors(): EdgeTriggerMonitors | undefined {
    return this.#triggers;
  }

  #store(): DurableObjectStore {
    // Batches from the events of one 0 ms window share a transaction and its fsync: @stomp/stompjs
    // keeps one SEND in flight per socket, so 16 sockets' SENDs arrive as 16 events.
    this.#storeInstance ??= new DurableObjectStore(this.ctx.storage, { gatherCommits: (flush) => setTimeout(flush, 0) });
    return this.#storeInstance;
  }

  override async fetch(request: Request): Promise<Response> {
    // A partner's channel socket: only this Worker's code reaches it, through a stub (the front
    // Worker forwards /ibmmq/ paths only), so it carries no credentials.
    const path = new URL(request.url).pathname;
    if (path === OBJECT_CHANNEL_PATH) return this.#acceptChannel(request);
    if (path === OBJECT_STOMP_PATH) return this.#acceptStomp(request);
    if (path === OBJECT_MQI_CLIENT_PATH) return this.#acceptMqiClient(request);
    // Woken for a request after an eviction: STOMP connections whose sockets stayed open are
    // rebuilt first, so that what this request puts reaches their subscriptions.
    await this.#stompSockets.rebuildAll().catch(() => undefined);
    try {
      this.#app ??= this.#createApp();
    } catch (error) {
      // A variable it cannot use (MQ_MAX_WAIT_MS, ...): a 500 naming it, not an unexplained one.
      return errorResponse(error, request);
    }
    return this.#app.fetch(request);
  }

  async #acceptChannel(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("a channel's connection is a WebSocket", { status: 426 });
    const url = new URL(request.url);
    const name = url.searchParams.get("qmgr") ?? "";
    try {
      // A partner's principal, signed by the front Worker (channel-endpoint.ts); none from another object.
      const principal = await verifiedPrincipal(request, await edgeSecurity(this.env).principalKey);
      if (principal === "invalid") return new Response("the channel's principal is not signed by this Worker", { status: 403 });
      const qm = await this.#opened(name);
      return this.#channelSockets.accept(qm, url.searchParams.get("channel") ?? "", url.searchParams.get("from") ?? "", principal);
    } catch (error) {
      return errorResponse(error, request);
    }
  }

  /** A STOMP client's socket, relayed by the front Worker once it has checked the CONNECT (stomp-endpoint.ts). */
  async #acceptStomp(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("a STOMP connection is a WebSocket", { status: 426 });
    const url = new URL(request.url);
    const name = url.searchParams.get("qmgr") ?? "";
    try {
      // Handed over unread (`/stomp/QMNAME`): CONNECT's credentials are checked here, at CONNECT.
      if (url.searchParams.get("handover") === "1") {
        await this.queueManager(name);
        return this.#stompSockets.accept(name, undefined, { check: this.#stompLogin(), remoteAddress: request.headers.get("CF-Connecting-IP") ?? undefined });
      }
      const principal = await verifiedPrincipal(request, await edgeSecurity(this.env).principalKey);
      if (principal === undefined || principal === "invalid") return new Response("the STOMP client's principal is not signed by this Worker", { status: 403 });
      await this.queueManager(name);
      return this.#stompSockets.accept(name, principal);
    } catch (error) {
      return errorResponse(error, request);
    }
  }

  /** An MQI client's socket, handed over unread by the front Worker (mqi-client-endpoint.ts): its `conn` is admitted here. */
  async #acceptMqiClient(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("an MQI client's connection is a WebSocket", { status: 426 });
    const name = new URL(request.url).searchParams.get("qmgr") ?? "";
    try {
      await this.queueManager(name);
      return this.#mqiClients.accept(name, request.headers.get("CF-Connecting-IP") ?? "");
    } catch (error) {
      return errorResponse(error, request);
    }
  }

  /** CONNECT's login and passcode under the REST API's users and tokens, with this object's failed-login limit. */
  #stompLogin(): StompLogin["check"] {
    this.#stompLoginCheck ??= socketLogin(new UserDirectory(parseUsers(this.env.MQ_USERS), parseTokens(this.env.MQ_TOKENS)), new FailedLoginLimiter());
    return this.#stompLoginCheck;
  }

  /** The receiving channels this object's queue manager (opened under `name` if it is not yet) defines: the CONNAME rule and the partners' endpoint find a channel's queue manager by them. */
  async receivingChannels(name: string): Promise<string[]> {
    const qm = await this.#opened(name);
    return (
      qm
        .objects(["channel"])
        // A partner dials a receiver (its sender sends), a server (its requester asks it to send) or a cluster-receiver.
        .filter((definition) => ["receiver", "server", "clusterReceiver"].includes(String(definition.attributes.channelType)))
        .map((definition) => definition.name)
    );
  }

  override webSocketMessage(socket: WebSocket, message: ArrayBuffer | string): void {
    if (this.#isStomp(socket)) this.#stompSockets.message(socket, message);
    else {
      // A channel's batch may be for a STOMP subscription evicted with the object: rebuilt alongside.
      void this.#stompSockets.rebuildAll().catch(() => undefined);
      this.#channelSockets.message(socket, message);
    }
  }

  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    if (this.#isStomp(socket)) this.#stompSockets.closed(socket, code, reason);
    else this.#channelSockets.closed(socket, code, reason);
  }

  override webSocketError(socket: WebSocket): void {
    if (this.#isStomp(socket)) this.#stompSockets.closed(socket);
    else this.#channelSockets.closed(socket);
  }

  /** The tag each socket was accepted with tells a STOMP client's from a channel's (read once per socket while the object lives). */
  #isStomp(socket: WebSocket): boolean {
    return this.#stompSockets.knows(socket) || this.ctx.getTags(socket).includes(STOMP_TAG);
  }

  #createApp(): ReturnType<typeof createHttpApp> {
    return createHttpApp({
      queueManager: (name) => this.queueManager(name),
      // The principal the front Worker forwards, when its MAC is right; anything else is
      // authenticated here from the same users and tokens (worker.ts says why).
      ...edgeSecurity(this.env),
      // CORS is the front Worker's: it answers preflights and marks responses.
      corsOrigins: undefined,
      maxWait: numberVariable(this.env, "MQ_MAX_WAIT_MS", DEFAULT_HTTP_LIMITS.maxWait),
      responseTimeout: numberVariable(this.env, "MQ_RESPONSE_TIMEOUT_MS", DEFAULT_HTTP_LIMITS.responseTimeout),
      maxLease: numberVariable(this.env, "MQ_MAX_LEASE_MS", DEFAULT_HTTP_LIMITS.maxLease),
      handoverTimeout: numberVariable(this.env, "MQ_HANDOVER_TIMEOUT_MS", DEFAULT_HTTP_LIMITS.handoverTimeout),
    });
  }

  /** What GET /admin/qmgr shows of this object's queue manager, opened under `name` if it is not yet. */
  async describeQueueManager(name: string): Promise<QueueManagerFacts> {
    return queueManagerFacts(await this.queueManager(name));
  }

  /**
   * crtmqm: opens the queue manager from nothing. Whatever this object still stores is deleted
   * first: a request that raced a dltmqm of the same name after this object was evicted (and
   * forgot it was deleted) may have opened it again.
   */
  async createQueueManager(name: string): Promise<QueueManagerFacts> {
    await this.#reset();
    this.#deleted = false;
    return this.describeQueueManager(name);
  }

  /**
   * dltmqm: ends the queue manager (its listeners and trigger monitors first) and deletes
   * everything this object stores, its messages and objects with it. Requests that reach it
   * afterwards are refused (2058) until it is created again, from nothing.
   */
  async deleteQueueManager(): Promise<void> {
    this.#deleted = true;
    await this.#reset();
  }

  /** Ends the queue manager and deletes its storage, one reset at a time; requests wait for it. */
  async #reset(): Promise<void> {
    while (this.#resetting) await this.#resetting.catch(() => undefined);
    this.#resetting = this.#wipe().finally(() => (this.#resetting = undefined));
    await this.#resetting;
  }

  async #wipe(): Promise<void> {
    const opening = this.#manager;
    this.#manager = undefined;
    this.#clustered = undefined;
    this.#app = undefined;
    const qm = await opening?.catch(() => undefined);
    await this.#listeners?.close();
    await this.#triggers?.close();
    await this.#channels?.close();
    this.#channels = undefined;
    this.#listeners = undefined;
    this.#triggers = undefined;
    await qm?.close();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // The store made its tables in the storage just emptied, and the clock's alarm is gone.
    this.#storeInstance = undefined;
    this.#clock = new AlarmClock(this.ctx.storage);
  }

  /** The registry's names (only on the registry's instance). */
  registryNames(): Promise<string[]> {
    return registeredNames(this.ctx.storage);
  }

  registryHas(name: string): Promise<boolean> {
    return isRegistered(this.ctx.storage, name);
  }

  registryAdd(name: string): Promise<boolean> {
    return register(this.ctx.storage, name);
  }

  registryRemove(name: string): Promise<boolean> {
    return unregister(this.ctx.storage, name);
  }

  override async alarm(): Promise<void> {
    // An alarm may wake an object that was evicted: its queue manager (its listeners and trigger monitors) open
    // first, under the name stored with it, so the alarm's work finds them.
    if (!this.#manager && !this.#deleted && !this.#resetting) {
      const name = this.#store().queueManagerName();
      if (name !== undefined) await this.queueManager(name);
    }
    // STOMP connections evicted with the object, before the alarm's work puts anything for them.
    await this.#stompSockets.rebuildAll().catch(() => undefined);
    this.#clock.fire();
  }
}
