/**
 * Channels between queue managers of one process: a registry of receiving queue managers
 * (found by CONNAME, as IBM's listener is found by its address) and a connector that joins a
 * sender to one with an in-memory duplex. A frame is handed over as it is, not copied: neither
 * agent changes a frame it sent or received (a receiver's put copies the body and properties
 * into its store, as every put does), and copying each message's body and fields cost a tenth
 * of the channel's time in process (bench/channels). The wire codec is exercised by the socket
 * transport (socket-transport.ts) and its tests. A test gives a `faults` plan that may cut the link at any frame, hold a
 * frame back (later frames wait behind it: a duplex keeps order), swallow it or deliver it twice.
 * Delays are counted in turns of the event loop, not in time, so a seeded run replays exactly.
 */
import { MQError } from "../../base/errors.js";
import type { ChannelAcceptor, ChannelConnector, ChannelFrame, ChannelTransport } from "./transport.js";

/** `drop`: the frame is lost and the link stays up, as on a connection that died without either end hearing of it. */
export type FaultAction = "pass" | "cut" | "drop" | "duplicate" | { delayTurns: number };
export type Direction = "toReceiver" | "toSender";

export interface LinkFaults {
  /** What happens to the `step`th frame sent on any link of the registry (counted from 0). */
  decide(frame: ChannelFrame, direction: Direction, step: number): FaultAction;
}

export class LinkedChannels implements ChannelConnector {
  readonly #acceptors = new Map<string, ChannelAcceptor>();
  readonly #links = new Set<PairLink>();
  #step = 0;

  constructor(private readonly faults?: LinkFaults) {}

  /** Makes a queue manager reachable at CONNAME `name` (its own name by default); a reopened one registers again. */
  register(acceptor: ChannelAcceptor, name = acceptor.name): void {
    this.#acceptors.set(name, acceptor);
  }

  /** Cuts every open link at once (a network outage). */
  cutAll(): void {
    for (const link of this.#links) link.cut();
  }

  async connect(channel: string, connectionName: string, from: string): Promise<ChannelTransport> {
    const acceptor = this.#acceptors.get(connectionName.replace(/\(.*\)$/, "").trim());
    if (!acceptor) throw new MQError("MQRC_CONNECTION_BROKEN", `channel ${channel} from ${from}: nothing listens at ${connectionName}`);
    const link = new PairLink((frame, direction) => this.faults?.decide(frame, direction, this.#step++) ?? "pass");
    this.#links.add(link);
    link.ended.then(() => this.#links.delete(link));
    acceptor.acceptChannel(channel, link.receiverEnd);
    return link.senderEnd;
  }
}

class PairLink {
  readonly senderEnd: ChannelTransport;
  readonly receiverEnd: ChannelTransport;
  readonly #ends: [Endpoint, Endpoint];
  #end!: () => void;
  readonly ended = new Promise<void>((resolve) => (this.#end = resolve));

  constructor(decide: (frame: ChannelFrame, direction: Direction) => FaultAction) {
    const toSender = new Endpoint();
    const toReceiver = new Endpoint();
    this.#ends = [toSender, toReceiver];
    const transport = (inbox: Endpoint, outbox: Endpoint, direction: Direction): ChannelTransport => ({
      send: async (frame) => {
        if (outbox.closed) throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's connection is closed");
        const action = decide(frame, direction);
        if (action === "cut") {
          this.cut();
          throw new MQError("MQRC_CONNECTION_BROKEN", "the channel's connection was cut");
        }
        if (action === "drop") return;
        outbox.deliver(frame, typeof action === "object" ? action.delayTurns : 0, action === "duplicate");
      },
      next: () => inbox.next(),
      close: () => this.cut(),
    });
    this.senderEnd = transport(toSender, toReceiver, "toReceiver");
    this.receiverEnd = transport(toReceiver, toSender, "toSender");
  }

  cut(): void {
    for (const end of this.#ends) end.close();
    this.#end();
  }
}

/** One direction of a link: frames in order, each after the delay it was given and those before it. */
class Endpoint {
  closed = false;
  readonly #frames: ChannelFrame[] = [];
  readonly #waiting: ((frame: ChannelFrame | undefined) => void)[] = [];
  #chain: Promise<void> = Promise.resolve();
  /** Frames on `#chain`, held back by a delay or behind one: a frame sent meanwhile waits its turn. */
  #held = 0;

  deliver(frame: ChannelFrame, delayTurns: number, twice: boolean): void {
    if (delayTurns === 0 && this.#held === 0) {
      // Nothing held back: the frame arrives now, without a promise per frame.
      this.#push(frame);
      if (twice) this.#push(frame);
      return;
    }
    this.#held++;
    this.#chain = this.#chain.then(async () => {
      for (let i = 0; i < delayTurns; i++) await Promise.resolve();
      this.#held--;
      this.#push(frame);
      if (twice) this.#push(frame);
    });
  }

  #push(frame: ChannelFrame): void {
    if (this.closed) return;
    const waiter = this.#waiting.shift();
    if (waiter) waiter(frame);
    else this.#frames.push(frame);
  }

  next(): Promise<ChannelFrame | undefined> {
    if (this.#frames.length > 0) return Promise.resolve(this.#frames.shift());
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.#frames.length = 0;
    for (const waiter of this.#waiting.splice(0)) waiter(undefined);
  }
}
