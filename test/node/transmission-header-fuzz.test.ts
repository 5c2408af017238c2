/**
 * Property tests of the MQXQH reader (decodeTransmissionHeader, decodeTransmissionMessage):
 * random bytes, and valid headers in either byte order truncated, extended or with bytes
 * changed. Whatever the bytes, they are read into a header that writes back (in the encoding
 * it was read in) to bytes read the same, or refused with MQRC_FORMAT_ERROR; never a TypeError
 * or RangeError.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MQXQH_LENGTH,
  decodeTransmissionHeader,
  decodeTransmissionMessage,
  encodeTransmissionHeader,
  type MessageDescriptorV1,
} from "../../core/features/channels/transmission-header.js";
import { acceptedOrRefused, mutatedBytes, fuzzOptions } from "../fixtures/fuzz.js";

const int32 = fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff });
const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));
const fieldText = (maxLength: number) =>
  fc.oneof(
    fc.stringMatching(/^[A-Z0-9._%/]*$/).map((s) => s.slice(0, maxLength)),
    fc.string({ maxLength: Math.floor(maxLength / 3) }),
  );

const descriptor: fc.Arbitrary<MessageDescriptorV1> = fc.record({
  report: int32,
  msgType: int32,
  expiry: int32,
  feedback: int32,
  encoding: int32,
  codedCharSetId: int32,
  format: fieldText(8),
  priority: int32,
  persistence: int32,
  messageId: hex(24),
  correlationId: hex(24),
  backoutCount: int32,
  replyToQueue: fieldText(48),
  replyToQueueManager: fieldText(48),
  userIdentifier: fieldText(12),
  accountingToken: hex(32),
  applIdentityData: fieldText(32),
  putApplType: int32,
  putApplName: fieldText(28),
  putTime: fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) }),
  applOriginData: fieldText(4),
});

/** Valid transmission queue message data: a header written by the encoder in either byte order, then a body. */
const validMessage = fc
  .record({
    remoteQueue: fieldText(48),
    remoteQueueManager: fieldText(48),
    descriptor,
    encoding: fc.constantFrom(546, 273),
    body: fc.uint8Array({ maxLength: 40 }),
  })
  .map(({ body, encoding, ...header }) => Uint8Array.from([...encodeTransmissionHeader(header, { encoding }), ...body]));

const anyBytes = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 600 }), weight: 1 },
  {
    // "XQH " version 1, then anything: the rest of the reader is reached.
    arbitrary: fc
      .tuple(fc.boolean(), fc.uint8Array({ minLength: MQXQH_LENGTH, maxLength: MQXQH_LENGTH + 8 }))
      .map(([little, b]) => Uint8Array.from([0x58, 0x51, 0x48, 0x20, ...(little ? [1, 0, 0, 0] : [0, 0, 0, 1]), ...b.subarray(8)])),
    weight: 1,
  },
  { arbitrary: mutatedBytes(validMessage), weight: 4 },
);

describe("transmission headers, fuzzed", () => {
  it("headers written by the encoder read back, in either byte order", () => {
    fc.assert(
      fc.property(validMessage, (bytes) => {
        const { header, body } = decodeTransmissionMessage(bytes);
        expect(body).toEqual(bytes.subarray(MQXQH_LENGTH));
        expect(encodeTransmissionHeader(header, { encoding: header.encoding })).toEqual(bytes.subarray(0, MQXQH_LENGTH));
      }),
      fuzzOptions(200),
    );
  });

  it("any bytes are read into a header that writes back the same, or refused with MQRC_FORMAT_ERROR", () => {
    fc.assert(
      fc.property(anyBytes, fc.nat({ max: 7 }), (data, offset) => {
        // At an offset in a larger buffer too, as a header read from a message's bytes is.
        const buffer = new Uint8Array(data.length + offset);
        buffer.set(data, offset);
        const bytes = buffer.subarray(offset);
        const outcome = acceptedOrRefused(() => decodeTransmissionMessage(bytes), ["MQRC_FORMAT_ERROR"]);
        if (!outcome.ok) return;
        const { header, body } = outcome.value;
        expect(body).toEqual(data.subarray(MQXQH_LENGTH));
        expect(header.headerLength).toBe(MQXQH_LENGTH);
        expect([546, 273]).toContain(header.encoding);
        expect(Number.isFinite(header.descriptor.putTime)).toBe(true);
        const again = decodeTransmissionHeader(encodeTransmissionHeader(header, { encoding: header.encoding }));
        expect(again).toEqual(header);
      }),
      fuzzOptions(1500),
    );
  });
});
