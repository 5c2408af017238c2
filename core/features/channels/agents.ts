/**
 * The queue manager's running channels. START CHANNEL of a channel that dials out (SDR, RQSTR,
 * or an SVR with a CONNAME) connects to its CONNAME: a sender or server runs the sending agent
 * on the connection, a requester first asks its server to send (a `request` frame) and then
 * runs the receiving agent. A connection a partner makes opens with `start` (a sender: the
 * receiving channel of that name runs) or `request` (a requester: the server channel of that
 * name runs its sending agent on it). A channel runs one agent at a time: a second START of a
 * running channel does nothing, and a receiving session waits for the one before it to end (a
 * batch it is committing must be in its sync record before the sender asks for it again).
 */
import { MQError } from "../../base/errors.js";
import { StopSignal } from "../jms/stop-signal.js";
import type { Clock } from "../../base/clock.js";
import type { ChannelState } from "../../kernel/index.js";
import { readSync, receiverKey, senderKey, stoppedKey, type ChannelHost, type SenderSync } from "./host.js";
import { pingChannel, resetChannel, resolveChannel, savedStatus, type ChannelCommandResult, type SavedChannelStatus } from "./operations.js";
import { runReceiver } from "./receiver.js";
import { runSender } from "./sender.js";
import type { QueueHandle } from "../../kernel/index.js";
import { ChannelEvents } from "./events.js";
import { ChannelInitiator } from "./initiator.js";
import { openingOf, sendAndClose, type Opening } from "./opening.js";
import { RetrySchedule } from "./retry.js";
import { channelTypeOf, dialsOut, senderSettings } from "./settings.js";
import { freshStatus, type ChannelStatus } from "./status.js";
import type { ChannelConnector, ChannelFrame, ChannelTransport } from "./transport.js";

/** An agent this end started (START CHANNEL) or a requester asked for: what STOP CHANNEL ends. */
interface RunningAgent {
  stop: StopSignal;
  transport?: ChannelTransport;
  done: Promise<void>;
}

/** What the channel initiator needs of its queue manager: the initiation queue, opened for input, and START CHANNEL. */
export interface InitiatorHost {
  object(type: "localQueue", name: string): unknown;
  open(queue: string, options: { input: true; application: string }): Promise<QueueHandle>;
  startChannel(name: string): unknown;
}

export class ChannelAgents {
  readonly #statuses = new Map<string, ChannelStatus>();
  readonly #running = new Map<string, RunningAgent>();
  readonly #receiving = new Map<string, Promise<void>>();
  /** Each channel's receiving session's connection while it runs: what STOP CHANNEL of a receiver cuts. */
  readonly #receivingOn = new Map<string, ChannelTransport>();
  readonly #transports = new Set<ChannelTransport>();
  /** Channels STOP CHANNEL stopped: a server among them refuses its requester until started again (IBM's STOPPED state). */
  readonly #stopped = new Set<string>();
  readonly #retries = new Map<string, RetrySchedule>();
  /** Channels whose next attempt waits for the connector's network to come back. */
  readonly #offlineWaits = new Set<string>();
  #closed = false;
  #initiator: ChannelInitiator | undefined;
  /** Set by install.ts: what else starts with a queue manager that has a connector (its cluster node), and ends with it. */
  opened?: (manager: InitiatorHost) => Promise<void>;
  closing?: () => Promise<void>;
  /** CHLEV's events (events.ts): each session's start and end, and STOP CHANNEL. */
  readonly #events: ChannelEvents;

  constructor(
    private readonly host: ChannelHost,
    private readonly clock: Clock,
    private readonly connector: () => ChannelConnector | undefined,
  ) {
    this.#events = new ChannelEvents(host);
    // STOP CHANNEL is the operator's word, kept across a restart as IBM keeps STOPPED: each
    // stopped channel has a sync record until START CHANNEL; one no longer defined drops it.
    for (const { name } of host.channels()) if (host.syncRecord(stoppedKey(name)) === true) this.#markStopped(name);
  }

  /** A channel found stopped at the start: shown STOPPED with the sequence number and LUWID its sync record kept. */
  #markStopped(name: string): void {
    this.#stopped.add(name);
    const attributes = this.host.channel(name);
    const receiving = !dialsOut(attributes) || channelTypeOf(attributes) === "requester";
    const sync = readSync(this.host, receiving ? receiverKey(name) : senderKey(name));
    const shown = freshStatus(name, receiving ? "receiver" : "sender", sync.seq, sync.luwid);
    shown.status = "stopped";
    this.#statuses.set(name, shown);
  }

  /** Whether START CHANNEL runs an agent here: a channel that dials out, with a connector to reach its partner. */
  runs(name: string): boolean {
    return dialsOut(this.host.channel(name)) && this.connector() !== undefined;
  }

  /** START CHANNEL: starts the channel's agent (when not running); resolves once it runs or has failed to connect. */
  async start(name: string): Promise<ChannelState | undefined> {
    const recorded = this.#stopped.delete(name) ? this.host.writeSyncRecord(stoppedKey(name), null) : undefined;
    const attributes = this.host.channel(name)!;
    // A receiver, or a server with no CONNAME, only waits for its partner: START takes it out of STOPPED.
    if (!dialsOut(attributes)) {
      const shown = this.#statuses.get(name);
      if (shown?.status === "stopped") shown.status = "inactive";
      await recorded;
      return shownState(shown);
    }
    await recorded;
    if (this.#running.has(name)) return shownState(this.#statuses.get(name));
    this.#retries.get(name)?.cancel();
    this.#retries.set(name, new RetrySchedule(attributes));
    return this.#dial(name);
  }

  /** One attempt to connect and run the channel's agent; a failure, or a session the link ends, retries later. */
  async #dial(name: string): Promise<ChannelState | undefined> {
    const attributes = this.host.channel(name);
    if (!attributes || !dialsOut(attributes)) return undefined; // deleted or altered while retrying
    const requester = channelTypeOf(attributes) === "requester";
    if (this.connector()?.network?.online === false) return this.#awaitNetwork(name, requester);
    const stop = new StopSignal();
    const shown = freshStatus(name, requester ? "receiver" : "sender", 0, "");
    shown.substate = "NETCONNECT";
    this.#statuses.set(name, shown);
    const entry: RunningAgent = { stop, done: Promise.resolve() };
    this.#running.set(name, entry);
    let transport: ChannelTransport;
    try {
      transport = await this.connector()!.connect(name, String(attributes.connectionName ?? ""), this.host.name);
    } catch (error) {
      this.#running.delete(name);
      if (!stop.aborted) this.#retryLater(name, shown, reasonText(error));
      return shownState(shown);
    }
    if (this.#closed || stop.aborted) {
      transport.close();
      this.#running.delete(name);
      shown.status = "stopped";
      return shown.status;
    }
    // Connected: the next failure has every retry again, as IBM's channel has.
    this.#retries.set(name, new RetrySchedule(attributes));
    entry.transport = transport;
    this.#transports.add(transport);
    this.#events.started(name);
    const session = requester ? this.#receive(name, transport, { request: true, entry }) : this.#send(name, transport, shown, entry);
    entry.done = session.then(() => {
      this.#afterSession(name, entry);
      this.#sessionEnded(name);
    });
    return shownState(shown);
  }

  /** A session this end dialled has ended: one the link or the partner's going away ended is retried. */
  #afterSession(name: string, entry: RunningAgent): void {
    const shown = this.#statuses.get(name);
    if (this.#closed || entry.stop.aborted || !shown) return;
    const broken =
      shown.status === "retrying" || (shown.role === "receiver" && shown.status === "stopped" && (!shown.reason || RETRIED_REASON.test(shown.reason)));
    if (broken) this.#retryLater(name, shown, shown.reason ?? "MQRC_CONNECTION_BROKEN: the channel's connection ended");
  }

  /** Channel Stopped for a session that raised Channel Started: not while the queue manager closes. */
  #sessionEnded(name: string): void {
    if (!this.#closed) this.#events.stopped(name, this.#statuses.get(name), this.#stopped.has(name));
  }

  /**
   * Offline (the connector's network says so): RETRYING without trying, the retry counts kept,
   * until the network is back; then the channel dials at once, unless stopped or started since.
   */
  #awaitNetwork(name: string, requester: boolean, after?: string): ChannelState {
    const before = this.#statuses.get(name);
    const shown = before && before.status === "retrying" ? before : freshStatus(name, requester ? "receiver" : "sender", 0, "");
    const schedule = this.#retries.get(name);
    schedule?.cancel();
    Object.assign(shown, {
      status: "retrying",
      substate: "",
      reason: `MQRC_CONNECTION_BROKEN: the network is offline: the channel waits for it, its retries not counted${after ? ` (before: ${after})` : ""}`,
      ...(schedule ? { shortRetriesLeft: schedule.shortLeft, longRetriesLeft: schedule.longLeft } : {}),
    });
    this.#statuses.set(name, shown);
    if (!this.#offlineWaits.has(name)) {
      this.#offlineWaits.add(name);
      void this.connector()!
        .network!.whenOnline()
        .then(() => {
          this.#offlineWaits.delete(name);
          if (!this.#closed && !this.#stopped.has(name) && !this.#running.has(name) && this.#statuses.get(name)?.status === "retrying") void this.#dial(name);
        });
    }
    return "retrying";
  }

  /** RETRYING until the next attempt's timer (SHORTTMR, then LONGTMR); STOPPED once SHORTRTY and LONGRTY are spent. */
  #retryLater(name: string, shown: ChannelStatus, reason: string): void {
    if (this.connector()?.network?.online === false) return void this.#awaitNetwork(name, shown.role === "receiver", reason);
    const schedule = this.#retries.get(name) ?? new RetrySchedule(this.host.channel(name) ?? {});
    this.#retries.set(name, schedule);
    schedule.retry(this.clock, shown, reason, () => {
      if (!this.#closed && !this.#stopped.has(name) && !this.#running.has(name)) void this.#dial(name);
    });
  }

  /**
   * STOP CHANNEL. MODE(QUIESCE) lets a sending agent finish the batch under way (its confirm
   * comes, nothing stays in doubt) and end there; MODE(FORCE) cuts the connection now, and a
   * batch sent and not yet confirmed stays in doubt until the next start (or RESOLVE CHANNEL).
   * A receiving agent's connection is cut in either mode.
   */
  async stop(name: string, mode: "quiesce" | "force" = "force"): Promise<void> {
    const recorded = this.#stopped.has(name) ? undefined : this.host.writeSyncRecord(stoppedKey(name), true);
    this.#stopped.add(name);
    this.#events.stoppedByUser(name);
    this.#retries.get(name)?.cancel();
    for (const [session, transport] of this.#receivingOn) if (session === name || session.startsWith(`${name}/`)) transport.close();
    const running = this.#running.get(name);
    if (running) {
      running.stop.stop();
      const shown = this.#statuses.get(name);
      if (mode === "force" || shown?.role !== "sender") running.transport?.close();
      else if (shown.status === "running") shown.status = "stopping";
      await running.done;
    }
    const shown = this.#statuses.get(name);
    if (shown) shown.status = "stopped";
    await recorded;
  }

  /** A partner's connection for channel `name`: its first frame says which agent runs on it. */
  accept(name: string, transport: ChannelTransport): void {
    if (this.#closed) return sendAndClose(transport, { type: "error", reason: "MQRC_Q_MGR_STOPPING", text: `queue manager ${this.host.name} is closing` });
    this.#transports.add(transport);
    transport.next().then(
      (first) => this.#opened(name, transport, first),
      () => transport.close(),
    );
  }

  #opened(name: string, transport: ChannelTransport, first: ChannelFrame | undefined): void {
    const where = { qmgr: this.host.name, channel: name, type: channelTypeOf(this.host.channel(name)), stopped: this.#stopped.has(name) };
    const opening: Opening = this.#closed
      ? { refuse: "MQRC_Q_MGR_STOPPING", text: `queue manager ${this.host.name} is closing` }
      : openingOf(first, transport, where);
    if ("refuse" in opening || opening.run === "pingReply") this.#transports.delete(transport);
    if ("refuse" in opening) sendAndClose(transport, { type: "error", reason: opening.refuse, text: opening.text });
    else if (opening.run === "pingReply") sendAndClose(transport, { type: "pingReply", data: opening.data });
    else if (opening.run === "receiver") {
      // A CLUSRCVR is dialled by the cluster-sender of every member: one session (and sequence) per partner, as IBM's.
      const partner = where.type === "clusterReceiver" && first?.type === "start" ? first.from : undefined;
      void this.#receive(name, opening.transport, { putAuthority: transport.putAuthority, partner });
    } else void this.#serve(name, transport);
  }

  /**
   * A requester's request: the server's sending agent runs on its connection. A requester asks
   * again only once its own session has ended, so a session of this server still running talks
   * to nobody: it gives way (its batch in doubt is resolved by the new session's start).
   */
  async #serve(name: string, transport: ChannelTransport): Promise<void> {
    const before = this.#running.get(name);
    const entry: RunningAgent = { stop: new StopSignal(), transport, done: Promise.resolve() };
    this.#running.set(name, entry);
    if (before) {
      before.stop.stop();
      before.transport?.close();
      await before.done;
    }
    if (this.#closed || entry.stop.aborted) {
      this.#transports.delete(transport);
      if (this.#running.get(name) === entry) this.#running.delete(name);
      return sendAndClose(transport, {
        type: "error",
        reason: "MQRC_CHANNEL_NOT_AVAILABLE",
        text: `channel ${name} at ${this.host.name} ended before it could serve`,
      });
    }
    const shown = freshStatus(name, "sender", 0, "");
    this.#statuses.set(name, shown);
    this.#events.started(name);
    entry.done = this.#send(name, transport, shown, entry).then(() => this.#sessionEnded(name));
  }

  #send(name: string, transport: ChannelTransport, shown: ChannelStatus, entry: RunningAgent): Promise<void> {
    return runSender(this.host, this.clock, senderSettings(name, this.host.channel(name)!), transport, shown, entry.stop).finally(() => {
      this.#transports.delete(transport);
      if (this.#running.get(name) === entry) this.#running.delete(name);
    });
  }

  /** Runs the receiving agent on `transport` once the channel's session before it has ended; a requester first asks its server to send. */
  #receive(
    name: string,
    transport: ChannelTransport,
    options: { request?: boolean; entry?: RunningAgent; putAuthority?: ChannelTransport["putAuthority"]; partner?: string },
  ): Promise<void> {
    const session = options.partner === undefined ? name : `${name}/${options.partner}`;
    const before = this.#receiving.get(session) ?? Promise.resolve();
    // A requester's own session (`entry`) raises its events where it dialled; a partner's connection, here.
    let started = false;
    const running = before
      .then(async () => {
        if (this.#closed || options.entry?.stop.aborted) return transport.close();
        this.#receivingOn.set(session, transport);
        if (!options.entry) {
          started = true;
          this.#events.started(name);
        }
        if (options.request) await transport.send({ type: "request", channel: name, from: this.host.name });
        const authority = options.putAuthority;
        // The partner's principal puts as itself (IBM's MCAUSER): a put it may not make is
        // dead-lettered with 2035. The dead-letter queue is the queue manager's own to put to.
        const dlq = () => this.host.deadLetterQueue();
        const host: ChannelHost = authority
          ? { ...this.host, put: (queue, message, put) => (queue !== dlq() && authority(queue), this.host.put(queue, message, put)) }
          : this.host;
        await runReceiver(host, this.clock, name, transport, (s) => this.#statuses.set(name, s), session);
      })
      .catch((error) => {
        transport.close();
        const shown = this.#statuses.get(name);
        if (shown?.status === "running") Object.assign(shown, { status: "stopped", reason: reasonText(error) });
      })
      .finally(() => {
        if (this.#receivingOn.get(session) === transport) this.#receivingOn.delete(session);
        this.#transports.delete(transport);
        if (options.entry && this.#running.get(name) === options.entry) this.#running.delete(name);
        if (started) this.#sessionEnded(name);
      });
    this.#receiving.set(session, running);
    return running;
  }

  /** RESOLVE CHANNEL, RESET CHANNEL, PING CHANNEL (operations.ts): each refused while the channel runs here, as IBM's are. */
  resolve(name: string, action: "commit" | "backout"): Promise<ChannelCommandResult> {
    return this.#command(name, () => resolveChannel(this.host, name, action));
  }

  reset(name: string, seq: number): Promise<ChannelCommandResult> {
    return this.#command(name, () => resetChannel(this.host, name, seq));
  }

  ping(name: string, dataLength: number): Promise<ChannelCommandResult> {
    return this.#command(name, () => pingChannel(this.host, this.clock, this.connector(), name, dataLength));
  }

  saved(name: string): SavedChannelStatus | undefined {
    return savedStatus(this.host, name);
  }

  async #command(name: string, run: () => Promise<ChannelCommandResult>): Promise<ChannelCommandResult> {
    if (this.#runningHere(name)) return { ok: false, refusal: "inUse", text: `channel ${name} is running: stop it first` };
    const result = await run();
    // What a sender's status shows of its record follows the command (RESOLVE leaves nothing in doubt).
    const shown = this.#statuses.get(name);
    if (result.ok && shown?.role === "sender") {
      const sync = readSync<SenderSync>(this.host, senderKey(name));
      Object.assign(shown, { inDoubt: sync.inDoubt !== undefined, lastSeq: sync.seq, lastLuwid: sync.luwid, currentSeq: sync.seq });
    }
    return result;
  }

  ended(name: string): Promise<void> {
    return this.#running.get(name)?.done ?? Promise.resolve();
  }

  #runningHere(name: string): boolean {
    return this.#running.has(name) || this.#statuses.get(name)?.status === "running";
  }

  status(name: string): ChannelStatus | undefined {
    const shown = this.#statuses.get(name);
    return shown && { ...shown };
  }

  /** Runs the channel initiator on `handle` (SYSTEM.CHANNEL.INITQ, open for input); `start` is the queue manager's START CHANNEL. */
  /**
   * IBM's channel initiator (runmqchi) starts with its queue manager: here with one that has a
   * channel connector (it can start channels), on SYSTEM.CHANNEL.INITQ when that queue is defined.
   */
  async startInitiator(manager: InitiatorHost): Promise<void> {
    await this.opened?.(manager);
    const initiationQueue = "SYSTEM.CHANNEL.INITQ";
    if (!manager.object("localQueue", initiationQueue)) return;
    const handle = await manager.open(initiationQueue, { input: true, application: "runmqchi" });
    if (this.#closed || this.#initiator) return void handle.close().catch(() => undefined);
    this.#initiator = new ChannelInitiator(handle, {
      channels: () => this.host.channels(),
      stopped: (name) => this.#stopped.has(name),
      start: (channel) => void manager.startChannel(channel),
    });
  }

  /** What the channel initiator could not do (a trigger message naming no channel here), the last few. */
  get initiatorReports(): readonly string[] {
    return this.#initiator?.reports ?? [];
  }

  /** Every connection is cut as the queue manager closes; what is in doubt stays in the store for the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.closing?.();
    await this.#initiator?.close();
    for (const schedule of this.#retries.values()) schedule.cancel();
    for (const agent of this.#running.values()) agent.stop.stop();
    for (const transport of this.#transports) transport.close();
    await Promise.all([...[...this.#running.values()].map((s) => s.done), ...this.#receiving.values()]);
  }
}

/** What START CHANNEL answers: an inactive channel (ended normally) has no state. */
function shownState(shown: ChannelStatus | undefined): ChannelState | undefined {
  return shown?.status === "inactive" ? undefined : shown?.status;
}

/** A partner's reasons for ending that a requester retries: the link, or the server's queue manager or session going away. */
const RETRIED_REASON = /MQRC_CONNECTION_BROKEN|MQRC_Q_MGR_STOPPING|MQRC_CHANNEL_NOT_AVAILABLE/;

function reasonText(error: unknown): string {
  return error instanceof MQError ? `${error.reason}: ${error.message}` : String(error);
}
