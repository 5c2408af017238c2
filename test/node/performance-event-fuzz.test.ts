/**
 * Property tests of the performance event reader (decodeEvent): random bytes, PCF-shaped
 * bytes and valid depth events with bytes changed, lengths and counts included. Whatever the
 * bytes, they are read into a depth event that writes back to bytes read the same, or
 * refused with MQRC_FORMAT_ERROR; never a TypeError, a RangeError or a hang.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEPTH_EVENT_REASONS,
  MQCFH_STRUC_LENGTH,
  decodeEvent,
  encodeDepthEvent,
  type DepthEventType,
} from "../../core/features/events/performance-event-pcf.js";
import { MQError } from "../../core/base/errors.js";
import { acceptedOrRefused, mutatedBytes, fuzzOptions } from "../fixtures/fuzz.js";

const name = fc.oneof(fc.stringMatching(/^[A-Z0-9._%/]{0,48}$/), fc.string({ maxLength: 16 }));
const counter = fc.oneof(fc.nat({ max: 1000 }), fc.integer({ min: 0, max: 0x7fff_ffff }));

const validEvent = fc
  .record({
    eventType: fc.constantFrom(...(Object.keys(DEPTH_EVENT_REASONS) as DepthEventType[])),
    queueManager: name,
    queue: name,
    timeSinceReset: counter,
    highQDepth: counter,
    msgEnqCount: counter,
    msgDeqCount: counter,
  })
  .map((event) => encodeDepthEvent(event));

/** A little-endian MQLONG. */
const le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** An MQCFH that passes the header checks, then random parameters (lengths and counts as they come). */
const pcfShaped = fc
  .tuple(
    fc.constantFrom(2224, 2225, 2053),
    fc.integer({ min: -2, max: 0x7fff_ffff }),
    fc.array(
      fc.tuple(fc.constantFrom(3, 4, 9), fc.integer({ min: -4, max: 80 }), fc.constantFrom(35, 36, 37, 38, 2002, 2015), fc.uint8Array({ maxLength: 60 })),
      { maxLength: 8 },
    ),
  )
  .map(([reason, count, parameters]) =>
    Uint8Array.from([
      ...[7, 36, 1, 45, 1, 1, 1, reason, count].flatMap(le),
      ...parameters.flatMap(([type, length, parameter, rest]) => [...le(type), ...le(length), ...le(parameter), ...rest]),
    ]),
  );

const anyBytes = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 300 }), weight: 1 },
  { arbitrary: pcfShaped, weight: 3 },
  { arbitrary: mutatedBytes(validEvent), weight: 4 },
);

describe("performance events, fuzzed", () => {
  it("any bytes are read as a depth event that writes back the same, or refused with MQRC_FORMAT_ERROR", () => {
    fc.assert(
      fc.property(anyBytes, fc.nat({ max: 7 }), (data, offset) => {
        const buffer = new Uint8Array(data.length + offset);
        buffer.set(data, offset);
        const outcome = acceptedOrRefused(() => decodeEvent(buffer.subarray(offset)), ["MQRC_FORMAT_ERROR"]);
        if (!outcome.ok) return;
        const event = outcome.value;
        expect(DEPTH_EVENT_REASONS[event.eventType]).toBe(event.reason);
        for (const n of [event.timeSinceReset, event.highQDepth, event.msgEnqCount, event.msgDeqCount]) expect(Number.isInteger(n)).toBe(true);
        // A name longer than an event's 48-byte field is read, but cannot be written back.
        let written: Uint8Array;
        try {
          written = encodeDepthEvent(event);
        } catch (error) {
          expect(error).toBeInstanceOf(MQError);
          expect((error as MQError).reason).toBe("MQRC_OBJECT_NAME_ERROR");
          return;
        }
        // Counters are MQLONGs written as 0 or more: a negative one read reads back as 0.
        const clamp = (n: number) => Math.max(0, n);
        expect(decodeEvent(written)).toEqual({
          ...event,
          timeSinceReset: clamp(event.timeSinceReset),
          highQDepth: clamp(event.highQDepth),
          msgEnqCount: clamp(event.msgEnqCount),
          msgDeqCount: clamp(event.msgDeqCount),
        });
      }),
      fuzzOptions(1500),
    );
  });

  it("a parameter count of 2^31 - 1 with few parameters is refused at once, not walked", () => {
    const bytes = Uint8Array.from([7, 36, 1, 45, 1, 1, 1, 2224, 0x7fff_ffff].flatMap(le));
    expect(bytes.length).toBe(MQCFH_STRUC_LENGTH);
    const started = performance.now();
    expect(() => decodeEvent(bytes)).toThrow(/MQRC_FORMAT_ERROR/);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
