/**
 * The queue manager's running channels: START CHANNEL starts a sending agent on a connection
 * the connector makes to the channel's CONNAME; a connection a partner makes runs the
 * receiving channel of that name. A channel runs one agent at a time: a second START of a
 * running sender does nothing, and a receiver's new session waits for the one before it to end
 * (a batch it is committing must be in its sync record before the sender asks for it again).
 */
import { MQError } from "../../base/errors.js";
import { StopSignal } from "../jms/stop-signal.js";
import type { Clock } from "../../base/clock.js";
import type { ChannelState } from "../../kernel/index.js";
import type { ChannelHost } from "./host.js";
import { runReceiver } from "./receiver.js";
import { runSender } from "./sender.js";
import { freshStatus, type ChannelStatus } from "./status.js";
import type { ChannelConnector, ChannelTransport } from "./transport.js";

const SENDING = new Set(["sender"]);
const RECEIVING = new Set(["receiver"]);

interface RunningSender {
  stop: StopSignal;
  transport?: ChannelTransport;
  done: Promise<void>;
}

export class ChannelAgents {
  readonly #statuses = new Map<string, ChannelStatus>();
  readonly #senders = new Map<string, RunningSender>();
  readonly #receiving = new Map<string, Promise<void>>();
  readonly #transports = new Set<ChannelTransport>();
  #closed = false;

  constructor(
    private readonly host: ChannelHost,
    private readonly clock: Clock,
    private readonly connector: () => ChannelConnector | undefined,
  ) {}

  /** Whether START CHANNEL runs this channel here: a sender, with a connector to reach its partner. */
  runs(name: string): boolean {
    return SENDING.has(String(this.host.channel(name)?.channelType)) && this.connector() !== undefined;
  }

  /** Starts the sending agent (when not running); resolves once it runs or has failed to connect. */
  async start(name: string): Promise<ChannelState> {
    const running = this.#senders.get(name);
    if (running) return this.#statuses.get(name)!.status;
    const attributes = this.host.channel(name)!;
    const stop = new StopSignal();
    const shown = freshStatus(name, "sender", 0, "");
    this.#statuses.set(name, shown);
    const entry: RunningSender = { stop, done: Promise.resolve() };
    this.#senders.set(name, entry);
    let transport: ChannelTransport;
    try {
      transport = await this.connector()!.connect(name, String(attributes.connectionName ?? ""), this.host.name);
    } catch (error) {
      this.#senders.delete(name);
      shown.status = "retrying";
      shown.reason = error instanceof MQError ? `${error.reason}: ${error.message}` : String(error);
      return shown.status;
    }
    if (this.#closed || stop.aborted) {
      transport.close();
      this.#senders.delete(name);
      shown.status = "stopped";
      return shown.status;
    }
    entry.transport = transport;
    this.#transports.add(transport);
    const settings = {
      channel: name,
      transmissionQueue: String(attributes.transmissionQueue ?? ""),
      batchSize: Math.max(1, Number(attributes.batchSize ?? 50)),
      batchInterval: Math.max(0, Number(attributes.batchInterval ?? 0)),
      sequenceWrap: Math.max(100, Number(attributes.sequenceNumberWrap ?? 999_999_999)),
      idleWait: 1000,
    };
    entry.done = runSender(this.host, this.clock, settings, transport, shown, stop).finally(() => {
      this.#transports.delete(transport);
      if (this.#senders.get(name) === entry) this.#senders.delete(name);
    });
    return shown.status;
  }

  /** STOP CHANNEL (MODE FORCE): the connection is cut; a batch in doubt is resolved at the next start. */
  async stop(name: string): Promise<void> {
    const running = this.#senders.get(name);
    if (running) {
      running.stop.stop();
      running.transport?.close();
      await running.done;
    }
    const shown = this.#statuses.get(name);
    if (shown) shown.status = "stopped";
  }

  /** A partner's connection: runs the receiving channel `name` on it, after the session before it ends. */
  accept(name: string, transport: ChannelTransport): void {
    if (this.#closed || !RECEIVING.has(String(this.host.channel(name)?.channelType))) {
      const text = this.#closed
        ? `queue manager ${this.host.name} is closing`
        : `queue manager ${this.host.name} defines no receiving channel ${name} (AMQ9520)`;
      void transport.send({ type: "error", reason: this.#closed ? "MQRC_Q_MGR_STOPPING" : "MQRC_UNKNOWN_OBJECT_NAME", text }).finally(() => transport.close());
      return;
    }
    this.#transports.add(transport);
    const before = this.#receiving.get(name) ?? Promise.resolve();
    const session = before
      .then(() => (this.#closed ? transport.close() : runReceiver(this.host, name, transport, (s) => this.#statuses.set(name, s))))
      .catch(() => undefined)
      .finally(() => this.#transports.delete(transport));
    this.#receiving.set(name, session);
  }

  status(name: string): ChannelStatus | undefined {
    const shown = this.#statuses.get(name);
    return shown && { ...shown };
  }

  /** Every connection is cut as the queue manager closes; what is in doubt stays in the store for the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const sender of this.#senders.values()) sender.stop.stop();
    for (const transport of this.#transports) transport.close();
    await Promise.all([...[...this.#senders.values()].map((s) => s.done), ...this.#receiving.values()]);
  }
}
