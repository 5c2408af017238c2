/**
 * Property tests of the MQDLH reader (decodeDeadLetterHeader, splitDeadLetterMessage): random
 * bytes, and valid headers truncated, extended or with bytes changed. Whatever the bytes,
 * they are read into a header that writes back to bytes read the same, or refused with
 * MQRC_FORMAT_ERROR; never a TypeError or RangeError.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MQDLH_LENGTH, decodeDeadLetterHeader, encodeDeadLetterHeader, splitDeadLetterMessage } from "../../core/features/dead-letters/dead-letter-header.js";
import { acceptedOrRefused, mutatedBytes, fuzzOptions } from "../fixtures/fuzz.js";

const int32 = fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff });
const fieldText = (maxLength: number) =>
  fc.oneof(
    fc.stringMatching(/^[A-Z0-9._%/]*$/).map((s) => s.slice(0, maxLength)),
    fc.string({ maxLength: Math.floor(maxLength / 3) }),
  );

/** Valid dead-lettered message data: a header written by the encoder, then a body. */
const validMessage = fc
  .record({
    reason: int32,
    destQueue: fieldText(48),
    destQueueManager: fieldText(48),
    putTime: fc.integer({ min: Date.UTC(0, 0, 1) - 1900 * 365.25 * 86_400_000 + 86_400_000 * 400, max: Date.UTC(9999, 11, 31) }),
    format: fieldText(8),
    putApplName: fieldText(28),
    encoding: fc.option(int32, { nil: undefined }),
    codedCharSetId: fc.option(int32, { nil: undefined }),
    putApplType: fc.option(int32, { nil: undefined }),
    body: fc.uint8Array({ maxLength: 40 }),
  })
  .map(({ body, ...header }) => {
    const bytes = encodeDeadLetterHeader({ ...header, reasonName: "" });
    return Uint8Array.from([...bytes, ...body]);
  });

const anyBytes = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 400 }), weight: 1 },
  {
    arbitrary: fc
      .uint8Array({ minLength: MQDLH_LENGTH, maxLength: MQDLH_LENGTH + 8 })
      .map((b) => Uint8Array.from([0x44, 0x4c, 0x48, 0x20, 1, 0, 0, 0, ...b.subarray(8)])),
    weight: 1,
  },
  { arbitrary: mutatedBytes(validMessage), weight: 4 },
);

describe("dead-letter headers, fuzzed", () => {
  it("headers written by the encoder read back", () => {
    fc.assert(
      fc.property(validMessage, (bytes) => {
        expect(splitDeadLetterMessage(bytes).body).toEqual(bytes.subarray(MQDLH_LENGTH));
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
        const outcome = acceptedOrRefused(() => splitDeadLetterMessage(bytes), ["MQRC_FORMAT_ERROR"]);
        if (!outcome.ok) return;
        const { header, body } = outcome.value;
        expect(body).toEqual(data.subarray(MQDLH_LENGTH));
        expect(header.headerLength).toBe(MQDLH_LENGTH);
        for (const n of [header.reason, header.encoding, header.codedCharSetId, header.putApplType]) expect(Number.isInteger(n)).toBe(true);
        expect(Number.isFinite(header.putTime)).toBe(true);
        const again = decodeDeadLetterHeader(encodeDeadLetterHeader(header));
        expect(again).toEqual(header);
      }),
      fuzzOptions(1500),
    );
  });
});
