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
import type { Endpoint } from "comlink";

/** What crosses the channel: a message for the relayed port numbered `port` ("root": the link's own endpoint). */
interface RelayedMessage {
  port: string;
  data: unknown;
}

interface PortStandIn {
  __webmqRelayedPort: string;
}

export interface PortRelay {
  /** The local end: give it to comlink (Comlink.wrap or Comlink.expose). */
  readonly port: Endpoint;
  /** Stops relaying; the channel and every relayed port are closed. */
  close(): void;
}

/**
 * Relays a port over the BroadcastChannel named `channelName`. Both ends call this with the
 * same name and a different `side` ("a" or "b"), which keeps the ports each end numbers apart.
 *
 * Two things keep a call cheap (issue 25). The link's own end is not a MessagePort but an
 * endpoint that hands what comlink posts straight to the channel and what arrives straight to
 * comlink: a call's message is copied once on its way (by the channel), not three times (by a
 * port, the channel, a port). And what is posted in one turn, on any of the link's ports,
 * crosses as one channel message, in order: 64 producers' calls issued together cost one
 * crossing, not 64. Since the channel's copy is made at the end of the turn, what is posted
 * is copied at once as far as the caller could change it (objects and arrays rebuilt, typed
 * arrays and other objects cloned; strings are immutable), so a body changed after `put`
 * returns is sent as it was, as a port's postMessage would.
 */
export function relayPort(channelName: string, side: "a" | "b"): PortRelay {
  const channel = new BroadcastChannel(channelName);
  const ports = new Map<string, MessagePort>();
  const listeners = new Set<EventListenerOrEventListenerObject>();
  let next = 0;
  let closed = false;
  /** What this turn posted, sent as one channel message at its end. */
  let outgoing: RelayedMessage[] = [];

  const send = (message: RelayedMessage) => {
    if (closed) return;
    outgoing.push(message);
    if (outgoing.length === 1) queueMicrotask(flush);
  };
  const flush = () => {
    const batch = outgoing;
    outgoing = [];
    if (!closed && batch.length > 0) channel.postMessage(batch);
  };

  /** Forwards what `port` receives to the other end's port of the same number. */
  const relay = (id: string, port: MessagePort) => {
    ports.set(id, port);
    port.onmessage = (event) => send({ port: id, data: standIns(event.data) });
  };
  /**
   * Replaces each MessagePort in `value` by a stand-in, relaying the port under a new number;
   * the rest is copied (see relayPort), so that nothing the poster changes later is sent.
   */
  const standIns = (value: unknown, depth = 0): unknown => {
    if (value instanceof MessagePort) {
      const id = `${side}${++next}`;
      relay(id, value);
      return { __webmqRelayedPort: id } satisfies PortStandIn;
    }
    if (value === null || typeof value !== "object") return value;
    if (depth > 8) return structuredClone(value);
    if (Array.isArray(value)) return value.map((item) => standIns(item, depth + 1));
    if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
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
  const deliver = ({ port, data }: RelayedMessage) => {
    const transfer: MessagePort[] = [];
    const revived = revive(data, transfer);
    if (port === "root") {
      const event = new MessageEvent("message", { data: revived, ports: transfer });
      for (const listener of [...listeners]) {
        if (typeof listener === "function") listener(event);
        else listener.handleEvent(event);
      }
      return;
    }
    ports.get(port)?.postMessage(revived, transfer);
  };

  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (!Array.isArray(event.data)) return;
    for (const message of event.data as RelayedMessage[]) if (typeof message?.port === "string") deliver(message);
  };

  // The root: comlink posts to it and listens on it; no port in between.
  const root: Endpoint = {
    postMessage: (message: unknown) => send({ port: "root", data: standIns(message) }),
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => void listeners.delete(listener),
  };
  return {
    port: root,
    close() {
      closed = true;
      outgoing = [];
      channel.close();
      for (const port of ports.values()) port.close();
      ports.clear();
      listeners.clear();
    },
  };
}
