/**
 * Property tests of the trigger message readers: MQTM bytes (decodeTriggerMessage) and the
 * MQTMC2 text a trigger monitor passes to an application (decodeTriggerMessageCharacter),
 * from random input and from valid ones mutated. Each is read into a trigger message that
 * writes back to what reads the same, or refused with its reason (MQRC_TM_ERROR,
 * MQRC_TMC_ERROR); never a TypeError or RangeError.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MQTMC2_LENGTH,
  MQTM_LENGTH,
  decodeTriggerMessage,
  decodeTriggerMessageCharacter,
  encodeTriggerMessage,
  encodeTriggerMessageCharacter,
  type TriggerMessage,
} from "../../core/features/triggers/trigger-message.js";
import { acceptedOrRefused, mutatedBytes, mutatedText, fuzzOptions } from "../fixtures/fuzz.js";

const name = fc.stringMatching(/^[A-Z0-9._%/]{0,48}$/);
const text = (max: number) =>
  fc.oneof(
    fc
      .string({ maxLength: max })
      .filter((s) => !s.includes("\0"))
      .map((s) => s.slice(0, max)),
    name.map((s) => s.slice(0, max)),
  );

const triggerMessage: fc.Arbitrary<TriggerMessage> = fc.record({
  queueName: name,
  processName: name,
  triggerData: text(20),
  applicationType: fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff }),
  applicationId: text(80),
  environmentData: text(40),
  userData: text(40),
}) as fc.Arbitrary<TriggerMessage>;

const validMqtm = triggerMessage.map(encodeTriggerMessage);
const validMqtmc2 = fc.tuple(triggerMessage, name).map(([tm, qmgr]) => encodeTriggerMessageCharacter(tm, qmgr));

const mqtmBytes = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 800 }), weight: 1 },
  {
    arbitrary: fc
      .uint8Array({ minLength: MQTM_LENGTH, maxLength: MQTM_LENGTH })
      .map((b) => Uint8Array.from([0x54, 0x4d, 0x20, 0x20, 1, 0, 0, 0, ...b.subarray(8)])),
    weight: 2,
  },
  { arbitrary: mutatedBytes(validMqtm), weight: 4 },
);

const MQTMC2_CHARACTERS = fc.oneof(
  fc.constantFrom(" ", "\0", "1", "2", "T", "M", "C", "é", "\ud800", "\udc00", "😀"),
  fc.string({ maxLength: 2, unit: "binary" }),
);
const mqtmc2Text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 800, unit: "binary" }), weight: 1 },
  { arbitrary: fc.string({ minLength: MQTMC2_LENGTH, maxLength: MQTMC2_LENGTH, unit: "binary" }).map((s) => "TMC    2" + s.slice(8)), weight: 2 },
  // A mutation that keeps the length: the decoder reads only exactly 732 characters.
  { arbitrary: mutatedText(validMqtmc2, MQTMC2_CHARACTERS).map((s) => s.padEnd(MQTMC2_LENGTH, " ").slice(0, MQTMC2_LENGTH)), weight: 5 },
  { arbitrary: mutatedText(validMqtmc2, MQTMC2_CHARACTERS), weight: 1 },
);

describe("trigger messages, fuzzed", () => {
  it("any bytes are read as an MQTM that writes back to the same, or refused with MQRC_TM_ERROR", () => {
    fc.assert(
      fc.property(mqtmBytes, fc.nat({ max: 7 }), (data, offset) => {
        const buffer = new Uint8Array(data.length + offset);
        buffer.set(data, offset);
        const outcome = acceptedOrRefused(() => decodeTriggerMessage(buffer.subarray(offset)), ["MQRC_TM_ERROR"]);
        if (!outcome.ok) return;
        const tm = outcome.value;
        expect(Number.isInteger(tm.applicationType)).toBe(true);
        expect(decodeTriggerMessage(encodeTriggerMessage(tm))).toEqual(tm);
      }),
      fuzzOptions(1500),
    );
  });

  it("any text is read as an MQTMC2 that writes back to the same, or refused with MQRC_TMC_ERROR", () => {
    fc.assert(
      fc.property(mqtmc2Text, (data) => {
        const outcome = acceptedOrRefused(() => decodeTriggerMessageCharacter(data), ["MQRC_TMC_ERROR"]);
        if (!outcome.ok) return;
        const tm = outcome.value;
        expect(Number.isSafeInteger(tm.applicationType)).toBe(true);
        // MQTMC2 writes ApplType as blanks: what reads back has MQTM's initial ApplType, 0.
        expect(decodeTriggerMessageCharacter(encodeTriggerMessageCharacter(tm))).toEqual({ ...tm, applicationType: 0 });
      }),
      fuzzOptions(1500),
    );
  });
});

describe("trigger message defects the fuzzing found", () => {
  it("an MQTMC2 holding half a surrogate pair is refused, as the encoder refuses to write one (seed 453424346)", () => {
    const text = "TMC    2\ud800".padEnd(MQTMC2_LENGTH, " ");
    expect(() => decodeTriggerMessageCharacter(text)).toThrow(/MQRC_TMC_ERROR.*QName holds half a surrogate pair/);
  });

  it("an MQTMC2 whose surrogate pair straddles the end of a field is refused (seed 1525210216)", () => {
    // U+10000 written across EnvData's last character and UserData's first.
    const text = "TMC    2".padEnd(555, " ") + "\ud800\udc00";
    expect(() => decodeTriggerMessageCharacter(text.padEnd(MQTMC2_LENGTH, " "))).toThrow(/MQRC_TMC_ERROR.*EnvData holds half a surrogate pair/);
  });
});
