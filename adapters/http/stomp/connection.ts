/**
 * One STOMP connection (one socket) over a queue manager's JMS layer: CONNECT authenticates
 * and opens a JMS connection; each SUBSCRIBE is a JMS session of its own (subscription.ts);
 * each BEGIN a transacted session whose commit is COMMIT; SENDs outside a transaction go
 * through one auto-acknowledge session. Platform-neutral: the socket is a `StompTransport`
 * (the Node binding wraps `ws`; the edge's Durable Object a hibernatable WebSocket).
 *
 * Beside it: what it is given (connection-options.ts), its transactions (transactions.ts),
 * SUBSCRIBE's headers (subscribe-headers.ts), who may use a destination and the ERROR frame
 * (refusals.ts), runs of frames handled together (frame-batches.ts, frame-queue.ts).
 *
 * Frames are handled one at a time, in the order they came. Any refusal is an ERROR frame
 * (with the MQ reason) and a close, as STOMP says; what the connection held then comes back:
 * open transactions roll back, unacknowledged messages are redelivered, its temporary queues
 * are deleted.
 */
import { MQError, type Connection, type MessageProducer, type QueueManager, type ReceivedMessage, type Session } from "../../../core/index.js";
import type { Role } from "../security/roles.js";
import { authorizeDestination, errorFrame } from "./refusals.js";
import { encodeFrame, FrameParser, header, type StompFrame, type StompVersion } from "./frame.js";
import { parseDestination, type StompDestination } from "./destinations.js";
import { bodyBytes, messageFromSend, messageHeaders } from "./message-mapping.js";
import { StompSubscription, type SubscriptionSink } from "./subscription.js";
import { durableName, subscriptionFromHeaders } from "./subscribe-headers.js";
import { HeartBeats, negotiateEchoedHeartBeat, negotiateHeartBeat } from "./heart-beats.js";
import { randomHex } from "./random-hex.js";
import { handleSendRun, handleSettleRun, type RunHost } from "./frame-batches.js";
import { FrameQueue } from "./frame-queue.js";
import type { StompConnectionState, StompSubscriptionState } from "./connection-state.js";
import type { StompPrincipal, StompServerOptions, StompTransport } from "./connection-options.js";
import { StompTransactions } from "./transactions.js";

export type { StompPrincipal, StompServerOptions, StompTransport } from "./connection-options.js";

const VERSIONS: StompVersion[] = ["1.2", "1.1", "1.0"];
const DEFAULT_HEADER_ALLOWANCE = 64 * 1024;
/** Until CONNECT names its queue manager, the body limit is IBM's largest MAXMSGL. */
const MAX_MAXMSGL = 100 * 1024 * 1024;

let connectionCount = 0;

export class StompConnection implements SubscriptionSink {
  readonly #parser: FrameParser;
  #version: StompVersion = "1.2";
  #qm: QueueManager | undefined;
  #principal: StompPrincipal | undefined;
  #jms: Connection | undefined;
  #producerSession: Session | undefined;
  #producer: MessageProducer | undefined;
  /** The transacted session a run of SENDs is put in (frame-batches.ts), made at the first run. */
  #runSession: Session | undefined;
  #runProducer: MessageProducer | undefined;
  readonly #subscriptions = new Map<string, StompSubscription>();
  readonly #transactions = new StompTransactions();
  /** /temp-queue/NAME -> the queue made for it. */
  readonly #tempQueues = new Map<string, string>();
  /** Unique across processes too (a rebuilt connection keeps it, and its temporary queues' names come from it). */
  #id = `webmq-stomp-${++connectionCount}${randomHex()}`;
  #clientId: string | undefined;
  readonly #subscriptionStates = new Map<string, StompSubscriptionState>();
  #heartBeats: HeartBeats | undefined;
  /** How often the client promised to beat, in ms (0: it does not): the edge drops it when it goes silent (stomp-sockets.ts). */
  #clientBeatsEvery = 0;
  /** Frames read and not yet handled (frame-queue.ts). */
  readonly #frames: FrameQueue;
  #ended = false;
  /**
   * The client has sent DISCONNECT (read, perhaps not yet handled: frames are handled in
   * turn). From then on no MESSAGE is sent: an auto-acknowledged one would be taken for a
   * client that has said it is leaving (stomp.py closes without reading what follows).
   */
  #disconnecting = false;
  #ending: Promise<void> | undefined;

  constructor(
    private readonly transport: StompTransport,
    private readonly options: StompServerOptions,
  ) {
    this.#parser = new FrameParser({ maxHeaderBytes: options.headerAllowanceBytes ?? DEFAULT_HEADER_ALLOWANCE, maxBodyBytes: MAX_MAXMSGL });
    this.#frames = new FrameQueue({
      connected: () => this.#jms !== undefined,
      ended: () => this.#ended,
      one: (frame, text) => this.#handle(frame, text),
      run: (kind, frames) => (kind === "send" ? handleSendRun(this.#runHost, frames) : handleSettleRun(this.#runHost, frames)),
      pause: () => transport.pause?.(),
      resume: () => transport.resume?.(),
      ...(options.settleWindow ? { settleWindow: options.settleWindow } : {}),
    });
  }

  /** Bytes from the socket (a WebSocket message, text or binary). */
  receive(data: Uint8Array | string): void {
    if (this.#ended) return;
    this.#heartBeats?.received();
    for (const result of this.#parser.push(data)) {
      if ("error" in result) {
        const reason = result.tooLarge ? "MQRC_MSG_TOO_BIG_FOR_Q_MGR" : "MQRC_FORMAT_ERROR";
        this.#frames.work(() => this.#fail(new MQError(reason, result.error), undefined, "malformed frame"));
        return;
      }
      if ("frame" in result) {
        const frame = result.frame;
        if (frame.command === "DISCONNECT") this.#disconnecting = true;
        // A SEND without content-type that came as a WebSocket text message carries text (stompjs's `body`).
        const text = typeof data === "string";
        this.#frames.frame(frame, text);
      }
    }
  }

  /** The socket has gone (closed by the client, or dropped): everything the connection held comes back. */
  async socketClosed(): Promise<void> {
    // ACKs read in the settle window take effect first: what the client acknowledged is not redelivered.
    await this.#frames.closeWindow();
    return this.#end();
  }

  /** How often the client promised to beat, in ms, as CONNECTED negotiated it; 0 when it does not (or before CONNECT). */
  get clientHeartBeatMs(): number {
    return this.#ended ? 0 : this.#clientBeatsEvery;
  }

  /** Resolves once the connection has released everything (its JMS connection closed). */
  get ended(): Promise<void> {
    return this.#ending ?? Promise.resolve();
  }

  async #handle(frame: StompFrame, text: boolean): Promise<void> {
    const receipt = header(frame, "receipt");
    try {
      if (this.#jms === undefined) {
        if (frame.command !== "CONNECT" && frame.command !== "STOMP") throw new MQError("MQRC_HCONN_ERROR", `${frame.command} before CONNECT`);
        await this.#connect(frame);
        return;
      }
      switch (frame.command) {
        case "CONNECT":
        case "STOMP":
          throw new MQError("MQRC_OPTIONS_ERROR", "this connection is connected already");
        case "SEND":
          await this.#send(frame, text);
          break;
        case "SUBSCRIBE":
          await this.#subscribe(frame);
          break;
        case "UNSUBSCRIBE":
          await this.#unsubscribe(frame);
          break;
        case "ACK":
        case "NACK":
          await this.#settle(frame);
          break;
        case "BEGIN":
          await this.#transactions.begin(frame, this.#jms);
          break;
        case "COMMIT":
        case "ABORT":
          await this.#transactions.end(frame);
          break;
        case "DISCONNECT":
          if (receipt !== undefined) this.#write("RECEIPT", [["receipt-id", receipt]]);
          this.transport.close(1000, "DISCONNECT");
          await this.#end();
          return;
      }
      if (receipt !== undefined) this.#write("RECEIPT", [["receipt-id", receipt]]);
    } catch (error) {
      await this.#fail(error, receipt, frame.command);
    }
  }

  async #connect(frame: StompFrame): Promise<void> {
    const offered = (header(frame, "accept-version") ?? "1.0").split(",").map((v) => v.trim());
    const version = VERSIONS.find((v) => offered.includes(v));
    if (version === undefined) {
      this.#write("ERROR", [
        ["version", "1.2,1.1,1.0"],
        ["content-type", "text/plain"],
        ["message", "Supported protocol versions are 1.2, 1.1, 1.0"],
      ]);
      this.transport.close(1002, "unsupported STOMP version");
      await this.#end();
      return;
    }
    this.#version = version;
    const host = header(frame, "host");
    const qm = await this.options.queueManager(host === undefined || host === "" || host === "/" ? undefined : host);
    if (qm === undefined || qm.closed) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${JSON.stringify(host)} here`);
    const principal = await this.options.authenticate(header(frame, "login"), header(frame, "passcode"), this.transport.remoteAddress);
    if (principal === undefined) throw new MQError("MQRC_NOT_AUTHORIZED", "the login and passcode were not accepted");
    const clientId = header(frame, "client-id");
    await this.#open(qm, principal, version, clientId === "" ? undefined : clientId);
    const offer = this.options.heartBeat ?? { send: 10_000, receive: 10_000 };
    const beats = this.options.heartBeatEchoed
      ? negotiateEchoedHeartBeat(header(frame, "heart-beat"), offer)
      : negotiateHeartBeat(header(frame, "heart-beat"), offer);
    this.#write("CONNECTED", [
      ["version", version],
      ["heart-beat", `${beats.send},${beats.receive}`],
      ["server", "webmq/0.1"],
      ["session", this.#id],
    ]);
    this.#clientBeatsEvery = beats.receive;
    this.#persist();
    if (this.options.heartBeatEchoed) return;
    this.#heartBeats = new HeartBeats(beats, {
      beat: () => this.transport.send(new Uint8Array([0x0a]), true),
      silent: () => {
        this.transport.close(4000, "no heart-beat from the client");
        void this.#end();
      },
    });
  }

  /** The JMS connection and the session SENDs outside a transaction go through. */
  async #open(qm: QueueManager, principal: StompPrincipal, version: StompVersion, clientId: string | undefined): Promise<void> {
    const jms = await qm.createConnection(clientId === undefined ? {} : { clientId });
    this.#qm = qm;
    this.#principal = principal;
    this.#jms = jms;
    this.#clientId = clientId;
    this.#version = version;
    this.#parser.version = version;
    this.#parser.maxBodyBytes = qm.attributes.maxMessageLength;
    this.#producerSession = await jms.createSession({ acknowledgeMode: "auto" });
    this.#producer = this.#producerSession.createProducer();
  }

  /**
   * Rebuilds a connection from `state` instead of a CONNECT (the socket stayed open while the
   * process that held it went): the same version, principal and client id, its temporary
   * queues, and its subscriptions opened again, which take what is on their queues now,
   * including what they had not acknowledged (backed out when the old process went). No
   * CONNECTED is sent; the client never knew. Heart-beats: only echoed ones (no timers).
   * Any failure (the queue manager gone, the client id taken) is an ERROR frame and a close.
   */
  async restore(saved: StompConnectionState | Promise<StompConnectionState>): Promise<void> {
    // Enqueued at once, so that frames received meanwhile are handled after it.
    const done = new Promise<void>((resolve) =>
      this.#frames.work(async () => {
        try {
          const state = await saved;
          const qm = await this.options.queueManager(state.queueManager);
          if (qm === undefined || qm.closed) throw new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${JSON.stringify(state.queueManager)} here`);
          this.#id = state.id;
          const principal: StompPrincipal = {
            name: state.principal.name,
            role: state.principal.role as Role,
            ...(state.principal.groups ? { groups: state.principal.groups } : {}),
          };
          await this.#open(qm, principal, state.version, state.clientId);
          this.#clientBeatsEvery = state.heartBeatMs ?? 0;
          for (const [name, queue] of state.tempQueues) this.#tempQueues.set(name, queue);
          for (const subscription of state.subscriptions) await this.#openSubscription(subscription);
          this.#persist();
        } catch (error) {
          await this.#fail(error, undefined, "CONNECT");
        } finally {
          resolve();
        }
      }),
    );
    await done;
  }

  #persist(): void {
    if (!this.options.persist || this.#qm === undefined || this.#principal === undefined || this.#ended) return;
    const { name, role, groups } = this.#principal;
    this.options.persist({
      id: this.#id,
      version: this.#version,
      queueManager: this.#qm.name,
      principal: groups === undefined ? { name, role } : { name, role, groups },
      ...(this.#clientId === undefined ? {} : { clientId: this.#clientId }),
      tempQueues: [...this.#tempQueues],
      subscriptions: [...this.#subscriptionStates.values()],
      ...(this.#clientBeatsEvery > 0 ? { heartBeatMs: this.#clientBeatsEvery } : {}),
    });
  }

  /** The role, then the authority records (refusals.ts). */
  #authorize(kind: "put" | "get" | "publish", target: string, destination: StompDestination): void {
    authorizeDestination(this.#qm!, this.#principal!, kind, target, destination);
  }

  async #queueFor(destination: StompDestination): Promise<string> {
    if (destination.kind === "queue") return destination.name;
    if (destination.kind === "topic") throw new MQError("MQRC_OBJECT_NAME_ERROR", "a topic is not a queue");
    let queue = this.#tempQueues.get(destination.name);
    if (queue === undefined) {
      queue = `AMQ.STOMP.${this.#id.slice(12)}.${this.#tempQueues.size + 1}`.slice(0, 48).toUpperCase();
      await this.#qm!.defineQueue(queue, {});
      this.#tempQueues.set(destination.name, queue);
      this.#persist();
    }
    return queue;
  }

  async #send(frame: StompFrame, text: boolean, runProducer?: MessageProducer): Promise<void> {
    const destination = parseDestination(header(frame, "destination"));
    this.#authorize(destination.kind === "topic" ? "publish" : "put", header(frame, "destination")!, destination);
    const replyHeader = header(frame, "reply-to");
    const replyTo = replyHeader === undefined || replyHeader === "" ? undefined : await this.#queueFor(parseDestination(replyHeader));
    const message = messageFromSend(frame, replyTo, Date.now(), text);
    const producer = runProducer ?? this.#transactions.of(frame)?.producer ?? this.#producer!;
    if (destination.kind === "topic") await producer.send(message, { topicName: destination.topic });
    else await producer.send(message, { queueName: await this.#queueFor(destination) });
  }

  async #subscribe(frame: StompFrame): Promise<void> {
    const id = header(frame, "id") ?? (this.#version === "1.0" ? header(frame, "destination") : undefined);
    if (id === undefined || id === "") throw new MQError("MQRC_OPTIONS_ERROR", "SUBSCRIBE needs an id header");
    if (this.#subscriptions.has(id)) throw new MQError("MQRC_OPTIONS_ERROR", `subscription ${JSON.stringify(id)} exists on this connection`);
    const destinationText = header(frame, "destination");
    const destination = parseDestination(destinationText);
    this.#authorize("get", destinationText!, destination);
    await this.#openSubscription(subscriptionFromHeaders(frame, id, destinationText!, destination));
    this.#persist();
  }

  /** A subscription's JMS session and consumer, started (SUBSCRIBE, or a rebuild). */
  async #openSubscription(spec: StompSubscriptionState): Promise<void> {
    const destination = parseDestination(spec.destination);
    const session = await this.#jms!.createSession({ acknowledgeMode: spec.ack === "auto" ? "auto" : "individual" });
    try {
      const options = { prefetch: spec.prefetch, ...(spec.selector !== undefined ? { selector: spec.selector } : {}) };
      let consumer;
      if (destination.kind === "topic") {
        const topic = session.createTopic(destination.topic);
        consumer =
          spec.durableName === undefined ? session.createConsumer(topic, options) : await session.createDurableConsumer(topic, spec.durableName, options);
      } else consumer = session.createConsumer(session.createQueue(await this.#queueFor(destination)), options);
      const subscription = new StompSubscription(spec.id, spec.destination, spec.ack, spec.prefetch, session, consumer, this.#qm!, this);
      this.#subscriptions.set(spec.id, subscription);
      this.#subscriptionStates.set(spec.id, spec);
      subscription.start();
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  async #unsubscribe(frame: StompFrame): Promise<void> {
    const id = header(frame, "id") ?? header(frame, "destination");
    const subscription = id === undefined ? undefined : this.#subscriptions.get(id);
    if (subscription === undefined) throw new MQError("MQRC_OPTIONS_ERROR", `there is no subscription ${JSON.stringify(id)} on this connection`);
    this.#subscriptions.delete(subscription.id);
    this.#subscriptionStates.delete(subscription.id);
    this.#persist();
    await subscription.close();
    // Unsubscribing with the durable headers again deletes the durable subscription, as RabbitMQ and ActiveMQ do.
    const durable = durableName(frame, subscription.id);
    if (durable !== undefined) {
      const session = await this.#jms!.createSession();
      try {
        await session.unsubscribe(durable);
      } finally {
        await session.close();
      }
    }
  }

  async #settle(frame: StompFrame): Promise<void> {
    const settle = this.#settler(frame);
    const transaction = this.#transactions.of(frame);
    if (transaction) transaction.settlements.push(settle);
    else await settle();
  }

  /** What an ACK or NACK does, found at once: MQRC_NO_MSG_AVAILABLE (thrown) when it names no unacknowledged message. */
  #settler(frame: StompFrame): () => Promise<void> {
    const ackId = header(frame, this.#version === "1.2" ? "id" : "message-id") ?? header(frame, "id");
    const subscription = [...this.#subscriptions.values()].find((s) => ackId !== undefined && s.holds(ackId));
    if (ackId === undefined || subscription === undefined)
      throw new MQError("MQRC_NO_MSG_AVAILABLE", `${frame.command} names no unacknowledged message of this connection (${JSON.stringify(ackId)})`);
    return () => (frame.command === "ACK" ? subscription.acknowledge(ackId) : subscription.reject(ackId));
  }

  /** What a run of frames (frame-batches.ts) needs of this connection. */
  readonly #runHost: RunHost = {
    send: (frame, text, producer) => this.#send(frame, text, producer),
    runProducer: async () => {
      this.#runSession ??= await this.#jms!.createSession({ transacted: true });
      this.#runProducer ??= this.#runSession.createProducer();
      const session = this.#runSession;
      return { producer: this.#runProducer, commit: () => session.commit(), rollback: () => session.rollback() };
    },
    settle: (frame) => this.#settler(frame)(),
    receipt: (frame) => {
      const receipt = header(frame, "receipt");
      if (receipt !== undefined) this.#write("RECEIPT", [["receipt-id", receipt]]);
    },
    fail: (error, frame) => this.#fail(error, header(frame, "receipt"), frame.command),
  };

  /** SubscriptionSink: one MESSAGE frame; resolves when the socket has room for the next. */
  async deliver(subscription: StompSubscription, message: ReceivedMessage, ackId: string | undefined): Promise<void> {
    if (this.#ended || this.#disconnecting) throw new MQError("MQRC_CONNECTION_BROKEN", "the STOMP connection has ended");
    const headers: [string, string][] = [
      ["subscription", subscription.id],
      ["destination", subscription.destination],
    ];
    if (ackId !== undefined) headers.push(["ack", ackId]);
    headers.push(...messageHeaders(message, (queue) => this.#replyDestination(queue)));
    const body = bodyBytes(message);
    this.transport.send(encodeFrame("MESSAGE", headers, body.bytes, this.#version), body.text);
    this.#heartBeats?.sent();
    await this.transport.drained?.();
  }

  #replyDestination(queue: string): string {
    for (const [name, real] of this.#tempQueues) if (real === queue) return `/temp-queue/${name}`;
    return `/queue/${queue}`;
  }

  failed(_subscription: StompSubscription, error: unknown): void {
    void this.#fail(error, undefined, "MESSAGE");
  }

  #write(command: string, headers: [string, string][], body?: Uint8Array): void {
    if (this.#ended) return;
    this.transport.send(encodeFrame(command, headers, body, this.#version), true);
    this.#heartBeats?.sent();
  }

  async #fail(error: unknown, receipt: string | undefined, command: string): Promise<void> {
    if (this.#ended) return;
    const { headers, body, reason } = errorFrame(error, receipt, command);
    this.#write("ERROR", headers, body);
    this.transport.close(1002, reason.slice(0, 100));
    await this.#end();
  }

  /** Releases everything, once: transactions roll back, subscriptions' unacknowledged messages come back, temporary queues go. */
  #end(): Promise<void> {
    this.#ending ??= (async () => {
      this.#ended = true;
      this.#heartBeats?.stop();
      await this.#transactions.rollBackAll();
      for (const subscription of this.#subscriptions.values()) await subscription.close().catch(() => undefined);
      this.#subscriptions.clear();
      await this.#jms?.close().catch(() => undefined);
      for (const queue of this.#tempQueues.values()) await this.#qm?.deleteQueue(queue, { purge: true }).catch(() => undefined);
    })();
    return this.#ending;
  }
}
