/** MQDLH byte for byte, as IBM lays out version 1: 172 bytes, blank-padded text, little-endian integers here. */
import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import {
  MQDLH_FIELDS,
  MQDLH_LENGTH,
  MQDLH_STRUC_ID,
  MQFMT_DEAD_LETTER_HEADER,
  decodeDeadLetterHeader,
  encodeDeadLetterHeader,
  putDateAndTime,
  putTimeFrom,
  splitDeadLetterMessage,
  type DeadLetterHeader,
} from "../../core/features/dead-letters/dead-letter-header.js";
import { MQFB, deadLetterReasonName } from "../../core/message/feedback-codes.js";
import { UnprocessableMessageError } from "../../core/index.js";
import { MQError } from "../../core/base/errors.js";

/** The expected bytes built by hand from IBM's layout, independently of the encoder. */
function handWritten(fields: { at: number; text?: string; int32?: number }[]): Uint8Array {
  const bytes = new Uint8Array(172).fill(0x20);
  for (const { at, text, int32 } of fields) {
    if (text !== undefined) for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
    if (int32 !== undefined) {
      const n = int32 >>> 0;
      bytes.set([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff], at); // little-endian
    }
  }
  return bytes;
}

const QUEUE_FULL: DeadLetterHeader = {
  reason: 2053,
  reasonName: "MQRC_Q_FULL",
  destQueue: "APP.ORDERS",
  destQueueManager: "QM1",
  putTime: Date.UTC(2024, 0, 31, 13, 45, 6, 780),
  format: "MQSTR",
  putApplName: "webmq",
};

describe("an unprocessable message's reason", () => {
  it("is MQFB_APPL_FIRST unless the handler names one, as IBM's feedback table has it", () => {
    expect(new UnprocessableMessageError("wrong type").reason).toBe(MQFB.MQFB_APPL_FIRST);
    expect(deadLetterReasonName(new UnprocessableMessageError("wrong type").reason)).toBe("MQFB_APPL_FIRST");
    expect(new UnprocessableMessageError("wrong type", { reason: MQFB.MQFB_APPL_FIRST + 7 }).reason).toBe(65543);
  });
});

describe("MQDLH layout", () => {
  it("names IBM's offsets and sizes, which add up to 172 bytes", () => {
    expect(MQDLH_LENGTH).toBe(172);
    expect(MQDLH_STRUC_ID).toBe("DLH ");
    expect(MQFMT_DEAD_LETTER_HEADER).toBe("MQDEAD  ");
    expect(MQDLH_FIELDS).toEqual({
      StrucId: { offset: 0, length: 4 },
      Version: { offset: 4, length: 4 },
      Reason: { offset: 8, length: 4 },
      DestQName: { offset: 12, length: 48 },
      DestQMgrName: { offset: 60, length: 48 },
      Encoding: { offset: 108, length: 4 },
      CodedCharSetId: { offset: 112, length: 4 },
      Format: { offset: 116, length: 8 },
      PutApplType: { offset: 124, length: 4 },
      PutApplName: { offset: 128, length: 28 },
      PutDate: { offset: 156, length: 8 },
      PutTime: { offset: 164, length: 8 },
    });
    // Each field starts where the one before ends; the last ends at 172.
    let next = 0;
    for (const { offset, length } of Object.values(MQDLH_FIELDS)) {
      expect(offset).toBe(next);
      next = offset + length;
    }
    expect(next).toBe(172);
  });

  it("encodes a known header byte for byte", () => {
    const expected = handWritten([
      { at: 0, text: "DLH " },
      { at: 4, int32: 1 },
      { at: 8, int32: 2053 },
      { at: 12, text: "APP.ORDERS" },
      { at: 60, text: "QM1" },
      { at: 108, int32: 546 },
      { at: 112, int32: 1208 },
      { at: 116, text: "MQSTR" },
      { at: 124, int32: 7 },
      { at: 128, text: "webmq" },
      { at: 156, text: "20240131" },
      { at: 164, text: "13450678" },
    ]);
    const bytes = encodeDeadLetterHeader(QUEUE_FULL);
    expect(bytes.length).toBe(172);
    expect(Array.from(bytes)).toEqual(Array.from(expected));
    // A few bytes spelled out: version 1, reason 2053 = 0x0805, encoding 546 = 0x0222, CCSID 1208 = 0x04B8, all little-endian.
    expect(Array.from(bytes.subarray(4, 8))).toEqual([0x01, 0x00, 0x00, 0x00]);
    expect(Array.from(bytes.subarray(8, 12))).toEqual([0x05, 0x08, 0x00, 0x00]);
    expect(Array.from(bytes.subarray(108, 112))).toEqual([0x22, 0x02, 0x00, 0x00]);
    expect(Array.from(bytes.subarray(112, 116))).toEqual([0xb8, 0x04, 0x00, 0x00]);
    // Padding is blanks, never NULs: the byte after "QM1" and the last byte of Format.
    expect(bytes[63]).toBe(0x20);
    expect(bytes[123]).toBe(0x20);
  });

  it("writes the optional fields when given and negative integers as two's complement", () => {
    const bytes = encodeDeadLetterHeader({ ...QUEUE_FULL, encoding: 273, codedCharSetId: 819, putApplType: -1, reason: 65537 });
    expect(Array.from(bytes.subarray(108, 112))).toEqual([0x11, 0x01, 0x00, 0x00]);
    expect(Array.from(bytes.subarray(112, 116))).toEqual([0x33, 0x03, 0x00, 0x00]);
    expect(Array.from(bytes.subarray(124, 128))).toEqual([0xff, 0xff, 0xff, 0xff]);
    expect(Array.from(bytes.subarray(8, 12))).toEqual([0x01, 0x00, 0x01, 0x00]);
  });

  it("decodes the header it wrote, with the defaults filled in and the header's length", () => {
    const decoded = decodeDeadLetterHeader(encodeDeadLetterHeader(QUEUE_FULL));
    expect(decoded).toEqual({ ...QUEUE_FULL, encoding: 546, codedCharSetId: 1208, putApplType: 7, headerLength: 172 });
  });

  it("splits a dead-lettered message into its header and the original data", () => {
    const body = new TextEncoder().encode("original payload");
    const message = new Uint8Array(172 + body.length);
    message.set(encodeDeadLetterHeader(QUEUE_FULL));
    message.set(body, 172);
    const { header, body: rest } = splitDeadLetterMessage(message);
    expect(header.destQueue).toBe("APP.ORDERS");
    expect(new TextDecoder().decode(rest)).toBe("original payload");
    // Reads from inside a larger buffer too (a view with a byte offset).
    const framed = new Uint8Array(10 + message.length);
    framed.set(message, 10);
    expect(decodeDeadLetterHeader(framed.subarray(10)).reason).toBe(2053);
  });
});

describe("MQDLH round trips", () => {
  const NAME_CHARACTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789./_%"];
  const name = (maxLength: number) => fc.string({ unit: fc.constantFrom(...NAME_CHARACTERS), maxLength });
  const int32 = fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff });
  const YEAR_0 = -62_167_219_200_000; // 0000-01-01T00:00:00Z
  const YEAR_10000 = 253_402_300_800_000; // 10000-01-01T00:00:00Z

  it("decode(encode(h)) gives h back, the put time to the hundredth of a second", () => {
    fc.assert(
      fc.property(
        fc.record({
          reason: int32,
          destQueue: name(48),
          destQueueManager: name(48),
          putTime: fc.integer({ min: YEAR_0, max: YEAR_10000 - 1 }),
          format: name(8),
          putApplName: name(28),
          encoding: int32,
          codedCharSetId: int32,
          putApplType: int32,
        }),
        (fields) => {
          const header: DeadLetterHeader = { ...fields, reasonName: deadLetterReasonName(fields.reason) };
          const decoded = decodeDeadLetterHeader(encodeDeadLetterHeader(header));
          expect(decoded).toEqual({ ...header, putTime: Math.floor(fields.putTime / 10) * 10, headerLength: 172 });
        },
      ),
      fuzzOptions(100),
    );
  });

  it("encode(decode(bytes)) gives the bytes back", () => {
    fc.assert(
      fc.property(name(48), name(48), fc.integer({ min: 0, max: 4_102_444_800_000 }), (destQueue, destQueueManager, putTime) => {
        const bytes = encodeDeadLetterHeader({ ...QUEUE_FULL, destQueue, destQueueManager, putTime });
        expect(encodeDeadLetterHeader(decodeDeadLetterHeader(bytes))).toEqual(bytes);
      }),
      fuzzOptions(100),
    );
  });
});

describe("PutDate and PutTime", () => {
  it("are YYYYMMDD and HHMMSSTH in UTC", () => {
    expect(putDateAndTime(0)).toEqual({ date: "19700101", time: "00000000" });
    expect(putDateAndTime(Date.UTC(1999, 11, 31, 23, 59, 59, 999))).toEqual({ date: "19991231", time: "23595999" });
    expect(putDateAndTime(Date.UTC(2024, 1, 29, 7, 8, 9, 5))).toEqual({ date: "20240229", time: "07080900" });
    expect(putDateAndTime(Date.UTC(2024, 1, 29, 7, 8, 9, 120))).toEqual({ date: "20240229", time: "07080912" });
    expect(putDateAndTime(-10)).toEqual({ date: "19691231", time: "23595999" });
  });

  it("read back to the instant they name, years 0-99 included", () => {
    expect(putTimeFrom("20240229", "07080912")).toBe(Date.UTC(2024, 1, 29, 7, 8, 9, 120));
    expect(putTimeFrom("19700101", "00000000")).toBe(0);
    const yearFive = putTimeFrom("00050704", "12000000");
    expect(new Date(yearFive).toISOString()).toBe("0005-07-04T12:00:00.000Z");
  });

  it("reject what names no moment", () => {
    for (const [date, time] of [
      ["20240230", "00000000"], // no 30 February
      ["20231301", "00000000"],
      ["20240101", "24000000"],
      ["20240101", "00600000"],
      ["2024-1-1", "00000000"],
      ["", ""],
      ["20240101", "1200"],
    ] as const) {
      expect(() => putTimeFrom(date, time), `${date} ${time}`).toThrow(MQError);
    }
    expect(() => putDateAndTime(Number.NaN)).toThrow(/years 0000 to 9999/);
    expect(() => putDateAndTime(Date.UTC(10000, 0, 1))).toThrow(MQError);
  });
});

describe("decoding rejects what is not a dead-letter header", () => {
  const good = () => encodeDeadLetterHeader(QUEUE_FULL);
  const reasonOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof MQError ? `${e.reason}: ${e.message}` : String(e);
    }
    return "no error";
  };

  it("too short", () => {
    expect(reasonOf(() => decodeDeadLetterHeader(good().subarray(0, 171)))).toMatch(/^MQRC_FORMAT_ERROR: .*takes 172 bytes; only 171/);
    expect(reasonOf(() => decodeDeadLetterHeader(new Uint8Array(0)))).toMatch(/MQRC_FORMAT_ERROR/);
  });

  it("a different structure id", () => {
    const bytes = good();
    bytes.set([0x4d, 0x44, 0x20, 0x20], 0); // "MD  "
    expect(reasonOf(() => decodeDeadLetterHeader(bytes))).toMatch(/^MQRC_FORMAT_ERROR: .*begins "DLH "; these bytes begin "MD"/);
  });

  it("another version, or version 1 written big-endian", () => {
    const two = good();
    two.set([2, 0, 0, 0], 4);
    expect(reasonOf(() => decodeDeadLetterHeader(two))).toMatch(/version is 2; only version 1/);
    const bigEndian = good();
    bigEndian.set([0, 0, 0, 1], 4);
    expect(reasonOf(() => decodeDeadLetterHeader(bigEndian))).toMatch(/big-endian \(MQENC_INTEGER_NORMAL\)/);
  });

  it("text that is not UTF-8, or a put date that is not a date", () => {
    const badText = good();
    badText[12] = 0xff;
    expect(reasonOf(() => decodeDeadLetterHeader(badText))).toMatch(/DestQName is not UTF-8/);
    const badDate = good();
    badDate.set(new TextEncoder().encode("2024AB31"), 156);
    expect(reasonOf(() => decodeDeadLetterHeader(badDate))).toMatch(/PutDate and PutTime must be YYYYMMDD and HHMMSSTH/);
  });

  it("and encoding refuses a field that does not fit", () => {
    expect(reasonOf(() => encodeDeadLetterHeader({ ...QUEUE_FULL, destQueue: "Q".repeat(49) }))).toMatch(/^MQRC_OBJECT_NAME_ERROR: .*DestQName holds 48 bytes/);
    expect(reasonOf(() => encodeDeadLetterHeader({ ...QUEUE_FULL, destQueueManager: "M".repeat(49) }))).toMatch(/^MQRC_Q_MGR_NAME_ERROR/);
    expect(reasonOf(() => encodeDeadLetterHeader({ ...QUEUE_FULL, putApplName: "é".repeat(15) }))).toMatch(/PutApplName holds 28 bytes; .* takes 30/);
    expect(reasonOf(() => encodeDeadLetterHeader({ ...QUEUE_FULL, reason: 2 ** 31 }))).toMatch(/32-bit integer/);
  });
});

describe("reason names", () => {
  it("names MQRC and MQFB codes, application feedback and unknown codes", () => {
    expect(deadLetterReasonName(2053)).toBe("MQRC_Q_FULL");
    expect(deadLetterReasonName(258)).toBe("MQFB_EXPIRATION");
    expect(deadLetterReasonName(265)).toBe("MQFB_APPL_CANNOT_BE_STARTED");
    expect(deadLetterReasonName(2362)).toBe("MQRC_BACKOUT_THRESHOLD_REACHED");
    expect(deadLetterReasonName(2364)).toBe("MQRC_JMS_FORMAT_ERROR");
    expect(deadLetterReasonName(0)).toBe("MQRC_NONE");
    expect(deadLetterReasonName(65536)).toBe("MQFB_APPL_FIRST");
    expect(deadLetterReasonName(65536 + 42)).toBe("MQFB_APPL_FIRST+42");
    expect(deadLetterReasonName(305)).toBe("MQFB_IMS_FIRST+4");
    expect(deadLetterReasonName(4999)).toBe("MQRC_4999");
  });
});
