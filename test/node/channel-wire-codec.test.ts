/**
 * The channel frames' wire form (core/features/channels/wire-codec.ts), what a WebSocket
 * between two queue managers carries: every frame reads back as it was written (bytes bodies
 * as bytes, a long property as a bigint), and any other bytes a partner could send are read
 * into a frame that is valid or refused with MQRC_FORMAT_ERROR, never a TypeError.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeChannelFrame, decodeWireFrame, encodeChannelFrame, type HandshakeFrame } from "../../core/features/channels/wire-codec.js";
import { SocketTransport } from "../../core/features/channels/socket-transport.js";
import type { ChannelFrame, WireMessage } from "../../core/features/channels/transport.js";
import { acceptedOrRefused, fuzzOptions, mutatedBytes } from "../fixtures/fuzz.js";

const hexId = fc.uint8Array({ minLength: 24, maxLength: 24 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));
const jsonValue = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as WireMessage["body"]);
const body = fc.oneof(
  fc.record({ bodyFormat: fc.constant("text" as const), body: fc.string() }),
  fc.record({ bodyFormat: fc.constant("bytes" as const), body: fc.uint8Array({ maxLength: 64 }) }),
  fc.record({ bodyFormat: fc.constant("json" as const), body: jsonValue }),
);
const property = fc.oneof(
  fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), type: fc.constant("string" as const), value: fc.string() }),
  fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/),
    type: fc.constant("long" as const),
    value: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  }),
  fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), type: fc.constant("boolean" as const), value: fc.boolean() }),
  fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/),
    type: fc.constant("double" as const),
    value: fc.double().map((v) => (Object.is(v, -0) ? 0 : v)),
  }), // JSON, as the stores, keeps no -0
);
const message: fc.Arbitrary<WireMessage> = fc
  .record({
    to: fc.record({ remoteQueue: fc.string({ maxLength: 48 }), remoteQueueManager: fc.string({ maxLength: 48 }) }),
    messageId: hexId,
    correlationId: hexId,
    priority: fc.integer({ min: 0, max: 9 }),
    persistent: fc.boolean(),
    expiry: fc.option(fc.nat(), { nil: null }),
    putTime: fc.nat(),
    replyToQueue: fc.string({ maxLength: 48 }),
    replyToQueueManager: fc.string({ maxLength: 48 }),
    messageType: fc.constantFrom("datagram" as const, "request" as const, "reply" as const, "report" as const),
    type: fc.string({ maxLength: 10 }),
    format: fc.constantFrom("MQSTR", "", "MQHRF2"),
    properties: fc.array(property, { maxLength: 4 }),
    body,
  })
  .map(({ body: b, ...rest }) => ({ ...rest, ...b }));
const luwid = fc.stringMatching(/^[0-9A-F]{0,16}$/);
const frame: fc.Arbitrary<ChannelFrame> = fc.oneof(
  fc.record(
    { type: fc.constant("start" as const), channel: fc.string(), from: fc.string(), sequenceWrap: fc.nat(), heartbeatInterval: fc.nat(999_999) },
    { requiredKeys: ["type", "channel", "from", "sequenceWrap"] },
  ),
  fc.record(
    { type: fc.constant("status" as const), lastSeq: fc.nat(), lastLuwid: luwid, heartbeatInterval: fc.nat(999_999) },
    { requiredKeys: ["type", "lastSeq", "lastLuwid"] },
  ),
  fc.record({ type: fc.constant("message" as const), seq: fc.nat(), message }),
  fc.record({ type: fc.constant("fastMessage" as const), seq: fc.nat(), message }),
  fc.record({ type: fc.constant("endBatch" as const), luwid: luwid, firstSeq: fc.nat(), lastSeq: fc.nat(), count: fc.nat() }),
  fc.record({ type: fc.constant("confirm" as const), luwid: luwid, lastSeq: fc.nat() }),
  fc.record({
    type: fc.constant("error" as const),
    reason: fc.constantFrom("MQRC_NOT_AUTHORIZED" as const, "MQRC_Q_MGR_STOPPING" as const),
    text: fc.string(),
  }),
  fc.record({ type: fc.constant("request" as const), channel: fc.string(), from: fc.string() }),
  fc.record({ type: fc.constant("ping" as const), channel: fc.string(), from: fc.string(), data: fc.string() }),
  fc.record({ type: fc.constant("pingReply" as const), data: fc.string() }),
  fc.record({ type: fc.constant("reset" as const), seq: fc.nat() }),
  fc.record({ type: fc.constant("close" as const), text: fc.string() }),
  fc.constant({ type: "heartbeat" as const }),
  fc.constant({ type: "heartbeatReply" as const }),
);

describe("channel frames on the wire", () => {
  it("read back as written, bytes bodies as bytes", () => {
    fc.assert(
      fc.property(frame, (f) => {
        expect(decodeChannelFrame(encodeChannelFrame(f))).toEqual(f);
      }),
      fuzzOptions(300),
    );
  });

  it("carry a bytes body after the header, not inside it", () => {
    const bytes = new Uint8Array(1000).fill(7);
    const wire = encodeChannelFrame({ type: "message", seq: 1, message: { ...sample(), bodyFormat: "bytes", body: bytes } });
    const headerLength = new DataView(wire.buffer).getUint32(0);
    expect(wire.byteLength).toBe(4 + headerLength + 1000);
  });

  it("refuse, with MQRC_FORMAT_ERROR, whatever else a partner sends", () => {
    const valid = frame.map(encodeChannelFrame);
    fc.assert(
      fc.property(fc.oneof(mutatedBytes(valid), fc.uint8Array({ maxLength: 64 })), (bytes) => {
        const read = acceptedOrRefused(() => decodeChannelFrame(bytes), ["MQRC_FORMAT_ERROR"]);
        // What is read is a frame that writes back to a frame read the same.
        if (read.ok) expect(decodeChannelFrame(encodeChannelFrame(read.value))).toEqual(read.value);
      }),
      fuzzOptions(1000),
    );
  });

  it.each([
    ["an unknown type", { type: "launch" }],
    ["a message with a priority of 10", { type: "message", seq: 1, message: { ...sample(), priority: 10 } }],
    ["a message id that is not hex", { type: "message", seq: 1, message: { ...sample(), messageId: "x".repeat(48) } }],
    [
      "a long property that is not a whole number",
      { type: "message", seq: 1, message: { ...sample(), properties: [{ name: "a", type: "long", value: "1.5" }] } },
    ],
    ["a negative sequence number", { type: "confirm", luwid: "A", lastSeq: -1 }],
    ["a request that names no channel", { type: "request", from: "PAGE" }],
    ["a heartbeat interval that is not a count", { type: "status", lastSeq: 0, lastLuwid: "", heartbeatInterval: "300" }],
  ])("refuse %s", (_, header) => {
    const text = new TextEncoder().encode(JSON.stringify(header));
    const bytes = new Uint8Array(4 + text.byteLength);
    new DataView(bytes.buffer).setUint32(0, text.byteLength);
    bytes.set(text, 4);
    expect(() => decodeChannelFrame(bytes)).toThrow(expect.objectContaining({ reason: "MQRC_FORMAT_ERROR" }));
  });
});

const handshake: fc.Arbitrary<HandshakeFrame> = fc.oneof(
  fc.record({ type: fc.constant("auth" as const), channel: fc.string({ minLength: 1 }), from: fc.string(), token: fc.string() }),
  fc.record({ type: fc.constant("auth" as const), channel: fc.string({ minLength: 1 }), from: fc.string(), user: fc.string(), password: fc.string() }),
  fc.record({ type: fc.constant("auth" as const), channel: fc.string({ minLength: 1 }), from: fc.string() }),
  fc.record({ type: fc.constant("accepted" as const), queueManager: fc.string() }),
);

/** A frame's bytes from its header as given, unchecked. */
function rawFrame(header: unknown): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(header));
  const bytes = new Uint8Array(4 + text.byteLength);
  new DataView(bytes.buffer).setUint32(0, text.byteLength);
  bytes.set(text, 4);
  return bytes;
}

describe("the handshake's frames (auth, accepted)", () => {
  it("read back as written, and are refused where a channel frame is wanted", () => {
    fc.assert(
      fc.property(handshake, (f) => {
        expect(decodeWireFrame(encodeChannelFrame(f))).toEqual(f);
        expect(() => decodeChannelFrame(encodeChannelFrame(f))).toThrow(expect.objectContaining({ reason: "MQRC_FORMAT_ERROR" }));
      }),
      fuzzOptions(200),
    );
  });

  it("refuse, with MQRC_FORMAT_ERROR, whatever else a partner sends first", () => {
    fc.assert(
      fc.property(mutatedBytes(handshake.map(encodeChannelFrame)), (bytes) => {
        const read = acceptedOrRefused(() => decodeWireFrame(bytes), ["MQRC_FORMAT_ERROR"]);
        if (read.ok) expect(decodeWireFrame(encodeChannelFrame(read.value))).toEqual(read.value);
      }),
      fuzzOptions(500),
    );
  });

  it.each([
    ["no channel", { type: "auth", channel: "", from: "QM" }],
    ["a token that is not text", { type: "auth", channel: "C", from: "QM", token: 7 }],
    ["both a token and a user", { type: "auth", channel: "C", from: "QM", token: "t", user: "u", password: "p" }],
    ["a user with no password", { type: "auth", channel: "C", from: "QM", user: "u" }],
    ["an accepted frame naming no queue manager", { type: "accepted" }],
  ])("refuse %s", (_, header) => {
    expect(() => decodeWireFrame(rawFrame(header))).toThrow(expect.objectContaining({ reason: "MQRC_FORMAT_ERROR" }));
  });
});

describe("a channel's connection over a socket", () => {
  it("answers a message that is not a frame with an error frame and closes, and reads nothing after it", async () => {
    const sent: Uint8Array[] = [];
    const closed: number[] = [];
    const transport = new SocketTransport({ send: (m) => sent.push(m), close: (code) => closed.push(code) });
    transport.received(encodeChannelFrame({ type: "confirm", luwid: "A", lastSeq: 1 }));
    transport.received("hello");
    transport.received(encodeChannelFrame({ type: "confirm", luwid: "B", lastSeq: 2 }));
    expect(await transport.next()).toEqual({ type: "confirm", luwid: "A", lastSeq: 1 });
    expect(await transport.next()).toBeUndefined();
    expect(decodeChannelFrame(sent[0]!)).toMatchObject({ type: "error", reason: "MQRC_FORMAT_ERROR" });
    expect(closed).toEqual([1002]);
    await expect(transport.send({ type: "status", lastSeq: 0, lastLuwid: "" })).rejects.toMatchObject({ reason: "MQRC_CONNECTION_BROKEN" });
  });
});

function sample(): WireMessage {
  return {
    to: { remoteQueue: "APP.ORDERS", remoteQueueManager: "QM1" },
    messageId: "a".repeat(48),
    correlationId: "0".repeat(48),
    priority: 4,
    persistent: true,
    expiry: null,
    putTime: 0,
    replyToQueue: "",
    replyToQueueManager: "",
    messageType: "datagram",
    type: "",
    format: "MQSTR",
    properties: [],
    bodyFormat: "text",
    body: "order 1",
  };
}
