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
import { MQError, type MQReasonName } from "../../base/errors.js";
import { StopSignal } from "../jms/stop-signal.js";
import type { Clock } from "../../base/clock.js";
import type { ChannelState } from "../../kernel/index.js";
import type { ChannelHost } from "./host.js";
import { runReceiver } from "./receiver.js";
import { runSender } from "./sender.js";
import { channelTypeOf, dialsOut, senderSettings } from "./settings.js";
import { freshStatus, type ChannelStatus } from "./status.js";
import type { ChannelConnector, ChannelFrame, ChannelTransport } from "./transport.js";

/** An agent this end started (START CHANNEL) or a requester asked for: what STOP CHANNEL ends. */
interface RunningAgent {
  stop: StopSignal;
  transport?: ChannelTransport;
  done: Promise<void>;
}

export class ChannelAgents {
  readonly #statuses = new Map<string, ChannelStatus>();
  readonly #running = new Map<string, RunningAgent>();
  readonly #receiving = new Map<string, Promise<void>>();
  readonly #transports = new Set<ChannelTransport>();
  /** Channels STOP CHANNEL stopped: a server among them refuses its requester until started again (IBM's STOPPED state). */
  readonly #stopped = new Set<string>();
  #closed = false;

  constructor(
    private readonly host: ChannelHost,
    private readonly clock: Clock,
    private readonly connector: () => ChannelConnector | undefined,
  ) {}

  /** Whether START CHANNEL runs an agent here: a channel that dials out, with a connector to reach its partner. */
  runs(name: string): boolean {
    return dialsOut(this.host.channel(name)) && this.connector() !== undefined;
  }

  /** Starts the channel's agent (when not running); resolves once it runs or has failed to connect. */
  async start(name: string): Promise<ChannelState | undefined> {
    this.#stopped.delete(name);
    const attributes = this.host.channel(name)!;
    // A server with no CONNAME only waits for its requester: START takes it out of STOPPED.
    if (!dialsOut(attributes)) return this.#statuses.get(name)?.status === "stopped" ? undefined : this.#statuses.get(name)?.status;
    if (this.#running.has(name)) return this.#statuses.get(name)!.status;
    const requester = channelTypeOf(attributes) === "requester";
    const stop = new StopSignal();
    const shown = freshStatus(name, requester ? "receiver" : "sender", 0, "");
    this.#statuses.set(name, shown);
    const entry: RunningAgent = { stop, done: Promise.resolve() };
    this.#running.set(name, entry);
    let transport: ChannelTransport;
    try {
      transport = await this.connector()!.connect(name, String(attributes.connectionName ?? ""), this.host.name);
    } catch (error) {
      this.#running.delete(name);
      shown.status = "retrying";
      shown.reason = error instanceof MQError ? `${error.reason}: ${error.message}` : String(error);
      return shown.status;
    }
    if (this.#closed || stop.aborted) {
      transport.close();
      this.#running.delete(name);
      shown.status = "stopped";
      return shown.status;
    }
    entry.transport = transport;
    this.#transports.add(transport);
    entry.done = requester ? this.#receive(name, transport, { request: true, entry }) : this.#send(name, transport, shown, entry);
    return shown.status;
  }

  /** STOP CHANNEL (MODE FORCE): the connection is cut; a batch in doubt is resolved at the next start. */
  async stop(name: string): Promise<void> {
    this.#stopped.add(name);
    const running = this.#running.get(name);
    if (running) {
      running.stop.stop();
      running.transport?.close();
      await running.done;
    }
    const shown = this.#statuses.get(name);
    if (shown) shown.status = "stopped";
  }

  /** A partner's connection for channel `name`: its first frame says which agent runs on it. */
  accept(name: string, transport: ChannelTransport): void {
    if (this.#closed) return refuse(transport, "MQRC_Q_MGR_STOPPING", `queue manager ${this.host.name} is closing`);
    this.#transports.add(transport);
    transport.next().then(
      (first) => this.#opened(name, transport, first),
      () => transport.close(),
    );
  }

  #opened(name: string, transport: ChannelTransport, first: ChannelFrame | undefined): void {
    const type = channelTypeOf(this.host.channel(name));
    const refused = (reason: MQReasonName, text: string) => {
      this.#transports.delete(transport);
      refuse(transport, reason, text);
    };
    if (!first) return refused("MQRC_CONNECTION_BROKEN", "the connection ended before its first frame");
    if (this.#closed) return refused("MQRC_Q_MGR_STOPPING", `queue manager ${this.host.name} is closing`);
    if (first.type === "start") {
      // A sender reaches a receiver; a fully qualified server may also start its requester (server-requester).
      if (type !== "receiver" && type !== "requester")
        return refused("MQRC_UNKNOWN_OBJECT_NAME", `queue manager ${this.host.name} defines no receiving channel ${name} (AMQ9520)`);
      void this.#receive(name, replaying(first, transport), {});
    } else if (first.type === "request") {
      if (type !== "server") return refused("MQRC_UNKNOWN_OBJECT_NAME", `queue manager ${this.host.name} defines no server channel ${name} (AMQ9520)`);
      if (this.#stopped.has(name)) return refused("MQRC_CHANNEL_STOPPED_BY_USER", `channel ${name} is stopped at ${this.host.name} (AMQ9558)`);
      void this.#serve(name, transport);
    } else refused("MQRC_FORMAT_ERROR", `a channel's connection opens with start or request, not ${first.type}`);
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
      return refuse(transport, "MQRC_CHANNEL_NOT_AVAILABLE", `channel ${name} at ${this.host.name} ended before it could serve`);
    }
    const shown = freshStatus(name, "sender", 0, "");
    this.#statuses.set(name, shown);
    entry.done = this.#send(name, transport, shown, entry);
  }

  #send(name: string, transport: ChannelTransport, shown: ChannelStatus, entry: RunningAgent): Promise<void> {
    return runSender(this.host, this.clock, senderSettings(name, this.host.channel(name)!), transport, shown, entry.stop).finally(() => {
      this.#transports.delete(transport);
      if (this.#running.get(name) === entry) this.#running.delete(name);
    });
  }

  /** Runs the receiving agent on `transport` once the channel's session before it has ended; a requester first asks its server to send. */
  #receive(name: string, transport: ChannelTransport, options: { request?: boolean; entry?: RunningAgent }): Promise<void> {
    const before = this.#receiving.get(name) ?? Promise.resolve();
    const session = before
      .then(async () => {
        if (this.#closed || options.entry?.stop.aborted) return transport.close();
        if (options.request) await transport.send({ type: "request", channel: name, from: this.host.name });
        await runReceiver(this.host, name, transport, (s) => this.#statuses.set(name, s));
      })
      .catch((error) => {
        transport.close();
        const shown = this.#statuses.get(name);
        if (shown?.status === "running") Object.assign(shown, { status: "stopped", reason: reasonText(error) });
      })
      .finally(() => {
        this.#transports.delete(transport);
        if (options.entry && this.#running.get(name) === options.entry) this.#running.delete(name);
      });
    this.#receiving.set(name, session);
    return session;
  }

  status(name: string): ChannelStatus | undefined {
    const shown = this.#statuses.get(name);
    return shown && { ...shown };
  }

  /** Every connection is cut as the queue manager closes; what is in doubt stays in the store for the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const agent of this.#running.values()) agent.stop.stop();
    for (const transport of this.#transports) transport.close();
    await Promise.all([...[...this.#running.values()].map((s) => s.done), ...this.#receiving.values()]);
  }
}

function refuse(transport: ChannelTransport, reason: MQReasonName, text: string): void {
  void transport
    .send({ type: "error", reason, text })
    .catch(() => undefined)
    .finally(() => transport.close());
}

function reasonText(error: unknown): string {
  return error instanceof MQError ? `${error.reason}: ${error.message}` : String(error);
}

/** The connection as the agent reads it: the frame already read to choose the agent, then the rest. */
function replaying(first: ChannelFrame, transport: ChannelTransport): ChannelTransport {
  let pending: ChannelFrame | undefined = first;
  return {
    send: (frame) => transport.send(frame),
    next: () => {
      const frame = pending;
      pending = undefined;
      return frame ? Promise.resolve(frame) : transport.next();
    },
    close: () => transport.close(),
  };
}
