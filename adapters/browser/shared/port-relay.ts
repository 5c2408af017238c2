/**
 * A MessagePort between two contexts that share no port: two same-origin tabs, or a
 * dedicated worker and a SharedWorker it cannot reach. A BroadcastChannel joins any two
 * contexts of an origin but transfers no ports, and comlink needs ports (each proxy it makes,
 * a session or a listener, is a MessageChannel). So each end gets a real, local MessagePort;
 * what is posted on it crosses the channel as data, and every port transferred with it is
 * replaced by a numbered stand-in that the other end turns back into a local port relayed the
 * same way. comlink on either end sees ordinary MessagePorts.
 *
 * Both ends must use a channel name no one else uses (a random one per link), so that only
 * the two of them hear it.
 */

/** What crosses the channel: a message for the relayed port numbered `port`. */
interface RelayedMessage {
  port: string;
  data: unknown;
}

interface PortStandIn {
  __webmqRelayedPort: string;
}

export interface PortRelay {
  /** The local end: give it to comlink (Comlink.wrap or Comlink.expose). */
  readonly port: MessagePort;
  /** Stops relaying; the channel and every relayed port are closed. */
  close(): void;
}

/**
 * Relays a port over the BroadcastChannel named `channelName`. Both ends call this with the
 * same name and a different `side` ("a" or "b"), which keeps the ports each end numbers apart.
 */
export function relayPort(channelName: string, side: "a" | "b"): PortRelay {
  const channel = new BroadcastChannel(channelName);
  const ports = new Map<string, MessagePort>();
  let next = 0;

  /** Forwards what `port` receives to the other end's port of the same number. */
  const relay = (id: string, port: MessagePort) => {
    ports.set(id, port);
    port.onmessage = (event) => {
      const data = standIns(event.data);
      channel.postMessage({ port: id, data } satisfies RelayedMessage);
    };
  };
  /** Replaces each MessagePort in `value` by a stand-in, relaying the port under a new number. */
  const standIns = (value: unknown, depth = 0): unknown => {
    if (value instanceof MessagePort) {
      const id = `${side}${++next}`;
      relay(id, value);
      return { __webmqRelayedPort: id } satisfies PortStandIn;
    }
    if (depth > 8 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((item) => standIns(item, depth + 1));
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = standIns(item, depth + 1);
    return out;
  };
  /** The inverse: each stand-in becomes a local port whose partner relays to the other end. */
  const revive = (value: unknown, transfer: MessagePort[], depth = 0): unknown => {
    if (depth > 8 || value === null || typeof value !== "object") return value;
    if ("__webmqRelayedPort" in value && typeof (value as PortStandIn).__webmqRelayedPort === "string") {
      const local = new MessageChannel();
      relay((value as PortStandIn).__webmqRelayedPort, local.port2);
      transfer.push(local.port1);
      return local.port1;
    }
    if (Array.isArray(value)) return value.map((item) => revive(item, transfer, depth + 1));
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = revive(item, transfer, depth + 1);
    return out;
  };

  channel.onmessage = (event: MessageEvent<RelayedMessage>) => {
    const { port, data } = event.data ?? {};
    const target = typeof port === "string" ? ports.get(port) : undefined;
    if (!target) return;
    const transfer: MessagePort[] = [];
    const revived = revive(data, transfer);
    target.postMessage(revived, transfer);
  };

  // The root: comlink talks on `root.port1`; what it posts arrives on port2 and is relayed
  // as port "root", which the other end's root port2 receives.
  const root = new MessageChannel();
  relay("root", root.port2);
  root.port1.start();
  return {
    port: root.port1,
    close() {
      channel.close();
      for (const port of ports.values()) port.close();
      ports.clear();
      root.port1.close();
    },
  };
}
