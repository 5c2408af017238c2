import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import { NO_ID, recordFromText, recordToText, type MessageRecord } from "../../core/internal.js";

const hexId = fc.stringMatching(/^[0-9a-f]{48}$/);
const record: fc.Arbitrary<MessageRecord> = fc
  .record({
    seq: fc.nat(),
    queue: fc.string({ minLength: 1 }),
    messageId: hexId,
    correlationId: fc.oneof(fc.constant(NO_ID), hexId),
    priority: fc.integer({ min: 0, max: 9 }),
    persistent: fc.boolean(),
    expiresAt: fc.oneof(fc.constant(null), fc.nat()),
    putTime: fc.nat(),
    replyToQueue: fc.oneof(fc.constant(""), fc.string()),
    replyToQueueManager: fc.oneof(fc.constant(""), fc.string()),
    messageType: fc.constantFrom("datagram", "request", "reply", "report"),
    type: fc.oneof(fc.constant(""), fc.string()),
    backoutCount: fc.nat(),
    properties: fc.array(
      fc.record({ name: fc.string(), type: fc.constantFrom("string", "int", "boolean"), value: fc.oneof(fc.string(), fc.integer(), fc.boolean()) }),
    ),
    bodyFormat: fc.constantFrom("text", "bytes", "json"),
    bodySize: fc.nat(),
    contentType: fc.option(fc.string(), { nil: undefined }),
    prepared: fc.option(fc.string(), { nil: undefined }),
    deliverAt: fc.option(fc.nat(), { nil: undefined }),
    format: fc.option(fc.string(), { nil: undefined }),
    transmission: fc.option(fc.record({ remoteQueue: fc.string(), remoteQueueManager: fc.string() }), { nil: undefined }),
    deadLetter: fc.option(
      fc.record({
        reason: fc.nat(),
        reasonName: fc.string(),
        destQueue: fc.string(),
        destQueueManager: fc.string(),
        putTime: fc.nat(),
        format: fc.string(),
        putApplName: fc.string(),
      }),
      { nil: undefined },
    ),
  })
  .map((r) => {
    // Optional fields are absent, not undefined, as the manager writes them.
    const out = { ...r } as Record<string, unknown>;
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out as unknown as MessageRecord;
  });

describe("a message record as stored text", () => {
  it("reads back as the record it was written from, whatever its strings hold", () => {
    fc.assert(
      fc.property(record, (r) => {
        const text = recordToText(r);
        expect(() => JSON.parse(text)).not.toThrow();
        expect(recordFromText(text)).toEqual(r);
      }),
      fuzzOptions(500),
    );
  });

  it("reads rows written by JSON.stringify of the whole record (older rows) the same way", () => {
    fc.assert(
      fc.property(record, (r) => {
        expect(recordFromText(JSON.stringify(r))).toEqual(r);
      }),
      fuzzOptions(100),
    );
  });

  it("leaves out the fields that hold their defaults, so a plain message's row is small", () => {
    const plain: MessageRecord = {
      seq: 7,
      queue: "DEV.QUEUE.1",
      messageId: "a".repeat(48),
      correlationId: NO_ID,
      priority: 0,
      persistent: true,
      expiresAt: null,
      putTime: 1,
      replyToQueue: "",
      replyToQueueManager: "",
      messageType: "datagram",
      type: "",
      backoutCount: 0,
      properties: [],
      bodyFormat: "text",
      bodySize: 1024,
    };
    const text = recordToText(plain);
    expect(Object.keys(JSON.parse(text))).toEqual(["seq", "queue", "messageId", "priority", "persistent", "putTime", "messageType", "bodyFormat", "bodySize"]);
    expect(text.length).toBeLessThan(JSON.stringify(plain).length * 0.6);
  });

  it("writes a time that is not a finite number as null, as JSON.stringify would, so the row stays JSON", () => {
    const text = recordToText({
      seq: 1,
      queue: "Q",
      messageId: "b".repeat(48),
      correlationId: NO_ID,
      priority: 0,
      persistent: true,
      expiresAt: null,
      putTime: NaN,
      replyToQueue: "",
      replyToQueueManager: "",
      messageType: "datagram",
      type: "",
      backoutCount: 0,
      properties: [],
      bodyFormat: "text",
      bodySize: 0,
    });
    expect(JSON.parse(text).putTime).toBeNull();
  });
});
