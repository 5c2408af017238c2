/**
 * The edge's channel parts that need no workerd: the CONNAME rule's reading of a CONNAME
 * (adapters/edge/channel-address.ts) and what the receiving object does with a socket whose
 * session it lost to an eviction (adapters/edge/channel-sockets.ts, with a fake socket: the
 * object woken by a message for a socket accepted before, its sessions gone).
 */
import { describe, expect, it } from "vitest";
import { connameEntries, isOwnHost } from "../../adapters/edge/channel-address.js";
import { CLOSE_SESSION_LOST, ChannelSockets } from "../../adapters/edge/channel-sockets.js";

describe("the CONNAME rule", () => {
  it("reads IBM's host(port), a bare name and URLs, in the order given", () => {
    expect(connameEntries("QM2")).toEqual([{ text: "QM2", host: "QM2" }]);
    expect(connameEntries(" 127.0.0.1(1414), mq.example.com ")).toEqual([
      { text: "127.0.0.1(1414)", host: "127.0.0.1" },
      { text: "mq.example.com", host: "mq.example.com" },
    ]);
    expect(connameEntries("https://mq.example.com/ibmmq/channel/QM%2E2")).toEqual([
      { text: "https://mq.example.com/ibmmq/channel/QM%2E2", host: "mq.example.com", queueManager: "QM.2" },
    ]);
    expect(connameEntries("wss://mq.example.com:8443/ibmmq/channel")).toEqual([{ text: "wss://mq.example.com:8443/ibmmq/channel", host: "mq.example.com" }]);
  });

  it("refuses a blank CONNAME and an entry that is neither host(port) nor a URL (MQRC_CONNECTION_BROKEN)", () => {
    expect(() => connameEntries(" , ")).toThrow(/MQRC_CONNECTION_BROKEN/);
    expect(() => connameEntries("host(port)")).toThrow(/neither host\(port\) nor a URL/);
  });

  it("knows this Worker by the loopback names and MQ_CHANNEL_HOSTS, in any case", () => {
    expect(isOwnHost("localhost", undefined)).toBe(true);
    expect(isOwnHost("127.0.0.1", "")).toBe(true);
    expect(isOwnHost("MQ.Example.com", "webmq.me.workers.dev, mq.example.com")).toBe(true);
    expect(isOwnHost("other.example.com", "mq.example.com")).toBe(false);
    expect(isOwnHost("QM2", "mq.example.com")).toBe(false);
  });
});

describe("a receiving object's channel sockets", () => {
  const fakeSocket = (attachment: unknown) => {
    const closed: [number, string][] = [];
    return {
      closed,
      socket: {
        deserializeAttachment: () => attachment,
        close: (code: number, reason: string) => void closed.push([code, reason]),
      } as unknown as WebSocket,
    };
  };

  it("closes with 1012 a socket whose session an eviction lost, so that the sender reconnects and resolves its batch", () => {
    const sockets = new ChannelSockets({} as DurableObjectState);
    const { socket, closed } = fakeSocket({ session: "accepted-before-the-eviction", channel: "SDR.TO.RCVR", from: "QM1" });
    sockets.message(socket, new ArrayBuffer(8));
    expect(CLOSE_SESSION_LOST).toBe(1012);
    expect(closed).toEqual([[1012, "the receiving queue manager restarted: reconnect"]]);
    // Its close handshake afterwards, and a socket with no attachment, are answered without a throw.
    sockets.closed(socket, 1012, "");
    sockets.closed(fakeSocket(null).socket);
    expect(sockets.size).toBe(0);
  });
});
