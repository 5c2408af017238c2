import fc from "fast-check";
import { fuzzOptions } from "../fixtures/fuzz.js";
import { describe, expect, it } from "vitest";
import { MQError } from "../../core/base/errors.js";
import {
  MQAT_CICS,
  MQAT_DEFAULT,
  MQAT_UNIX,
  MQAT_USER_FIRST,
  MQAT_WINDOWS_NT,
  MQFMT_TRIGGER,
  MQTMC2_LAYOUT,
  MQTMC2_LENGTH,
  MQTM_LAYOUT,
  MQTM_LENGTH,
  applicationTypeFromKeyword,
  applicationTypeKeyword,
  decodeTriggerMessage,
  decodeTriggerMessageCharacter,
  encodeTriggerMessage,
  encodeTriggerMessageCharacter,
  type TriggerMessage,
} from "../../core/features/triggers/trigger-message.js";

// The layout written out by hand from IBM's MQTM / MQTMC2 references, independently of the module.
const OFFSETS = { StrucId: 0, Version: 4, QName: 8, ProcessName: 56, TriggerData: 104, ApplType: 168, ApplId: 172, EnvData: 428, UserData: 556, QMgrName: 684 };
const SIZES = { StrucId: 4, Version: 4, QName: 48, ProcessName: 48, TriggerData: 64, ApplType: 4, ApplId: 256, EnvData: 128, UserData: 128, QMgrName: 48 };

const notepad: TriggerMessage = {
  queueName: "QL_QM1",
  processName: "P_NOTEPAD",
  triggerData: "",
  applicationType: MQAT_WINDOWS_NT,
  applicationId: "C:/WINNT/system32/notepad.exe",
  environmentData: "",
  userData: "abc",
};

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MQError);
    return (error as MQError).reason;
  }
  return undefined;
}

describe("MQTM layout", () => {
  it("has IBM's offsets and sizes, 684 bytes in all", () => {
    for (const [name, offset] of Object.entries(OFFSETS)) {
      if (name === "QMgrName") continue;
      expect(MQTM_LAYOUT[name], name).toEqual({ offset, size: SIZES[name as keyof typeof SIZES] });
    }
    expect(Object.keys(MQTM_LAYOUT)).toHaveLength(9);
    expect(OFFSETS.UserData + SIZES.UserData).toBe(684);
    expect(MQTM_LENGTH).toBe(684);
  });

  it("MQTMC2 adds QMgrName at 684, 732 characters in all", () => {
    expect(MQTMC2_LAYOUT.QMgrName).toEqual({ offset: 684, size: 48 });
    expect(Object.keys(MQTMC2_LAYOUT)).toHaveLength(10);
    expect(OFFSETS.QMgrName + SIZES.QMgrName).toBe(732);
    expect(MQTMC2_LENGTH).toBe(732);
  });

  it("the format name is cmqc.h's MQFMT_TRIGGER", () => {
    expect(MQFMT_TRIGGER).toBe("MQTRIG  ");
    expect(MQFMT_TRIGGER).toHaveLength(8);
  });
});

describe("encodeTriggerMessage", () => {
  it("writes the seed's notepad trigger byte for byte", () => {
    const expected = new Uint8Array(684).fill(0x20);
    const text = (offset: number, value: string) =>
      expected.set(
        [...value].map((c) => c.charCodeAt(0)),
        offset,
      );
    text(0, "TM  ");
    expected.set([1, 0, 0, 0], 4); // Version 1, little-endian MQLONG
    text(8, "QL_QM1");
    text(56, "P_NOTEPAD");
    // TriggerData at 104 stays blank
    expected.set([11, 0, 0, 0], 168); // ApplType MQAT_WINDOWS_NT
    text(172, "C:/WINNT/system32/notepad.exe");
    // EnvData at 428 stays blank
    text(556, "abc");
    expect([...encodeTriggerMessage(notepad)]).toEqual([...expected]);
  });

  it("fills every field to its edge and no further", () => {
    const full: TriggerMessage = {
      queueName: "Q".repeat(48),
      processName: "P".repeat(48),
      triggerData: "T".repeat(64),
      applicationType: 0x01020304,
      applicationId: "A".repeat(256),
      environmentData: "E".repeat(128),
      userData: "U".repeat(128),
    };
    const bytes = encodeTriggerMessage(full);
    const at = (offset: number, size: number) => String.fromCharCode(...bytes.subarray(offset, offset + size));
    expect(at(OFFSETS.QName, 48)).toBe("Q".repeat(48));
    expect(at(OFFSETS.ProcessName, 48)).toBe("P".repeat(48));
    expect(at(OFFSETS.TriggerData, 64)).toBe("T".repeat(64));
    expect([...bytes.subarray(OFFSETS.ApplType, OFFSETS.ApplType + 4)]).toEqual([4, 3, 2, 1]);
    expect(at(OFFSETS.ApplId, 256)).toBe("A".repeat(256));
    expect(at(OFFSETS.EnvData, 128)).toBe("E".repeat(128));
    expect(at(OFFSETS.UserData, 128)).toBe("U".repeat(128));
  });

  it("counts a field's size in UTF-8 bytes", () => {
    expect(decodeTriggerMessage(encodeTriggerMessage({ ...notepad, userData: "é".repeat(64) })).userData).toBe("é".repeat(64));
    expect(reasonOf(() => encodeTriggerMessage({ ...notepad, userData: "é".repeat(65) }))).toBe("MQRC_TM_ERROR");
  });

  it.each([
    ["queueName", 49],
    ["processName", 49],
    ["triggerData", 65],
    ["applicationId", 257],
    ["environmentData", 129],
    ["userData", 129],
  ] as const)("refuses a %s of %i bytes with MQRC_TM_ERROR", (key, length) => {
    expect(() => encodeTriggerMessage({ ...notepad, [key]: "x".repeat(length) })).toThrow(/MQRC_TM_ERROR.*holds at most/);
  });

  it("refuses an ApplType that is not an MQLONG, and a NUL inside a value", () => {
    expect(reasonOf(() => encodeTriggerMessage({ ...notepad, applicationType: 2 ** 31 }))).toBe("MQRC_TM_ERROR");
    expect(reasonOf(() => encodeTriggerMessage({ ...notepad, applicationType: 1.5 }))).toBe("MQRC_TM_ERROR");
    expect(reasonOf(() => encodeTriggerMessage({ ...notepad, queueName: "A\0B" }))).toBe("MQRC_TM_ERROR");
  });
});

describe("decodeTriggerMessage", () => {
  it("reads the seed's notepad trigger back", () => {
    expect(decodeTriggerMessage(encodeTriggerMessage(notepad))).toEqual(notepad);
  });

  it("reads a field up to a NUL, as MQ does", () => {
    const bytes = encodeTriggerMessage(notepad);
    bytes.set([0x41, 0, 0x42], OFFSETS.TriggerData);
    expect(decodeTriggerMessage(bytes).triggerData).toBe("A");
  });

  it("reads a view into a larger buffer", () => {
    const buffer = new Uint8Array(700);
    buffer.set(encodeTriggerMessage(notepad), 10);
    expect(decodeTriggerMessage(buffer.subarray(10, 694))).toEqual(notepad);
  });

  it("refuses a wrong length, StrucId or version with MQRC_TM_ERROR", () => {
    const good = encodeTriggerMessage(notepad);
    expect(() => decodeTriggerMessage(good.subarray(0, 683))).toThrow(/MQRC_TM_ERROR.*684 bytes; this one is 683/);
    expect(() => decodeTriggerMessage(new Uint8Array(685))).toThrow(/MQRC_TM_ERROR/);
    const badId = good.slice();
    badId.set([0x54, 0x4d, 0x43, 0x20], 0); // "TMC "
    expect(() => decodeTriggerMessage(badId)).toThrow(/MQRC_TM_ERROR.*StrucId/);
    const version2 = good.slice();
    version2.set([2, 0, 0, 0], 4);
    expect(() => decodeTriggerMessage(version2)).toThrow(/MQRC_TM_ERROR.*version 1.*says 2/);
    const bigEndian = good.slice();
    bigEndian.set([0, 0, 0, 1], 4);
    expect(() => decodeTriggerMessage(bigEndian)).toThrow(/big-endian/);
  });

  it("refuses a field that is not UTF-8", () => {
    const bytes = encodeTriggerMessage(notepad);
    bytes[OFFSETS.UserData] = 0xff;
    expect(() => decodeTriggerMessage(bytes)).toThrow(/MQRC_TM_ERROR.*UserData/);
  });
});

describe("encodeTriggerMessageCharacter (MQTMC2)", () => {
  it("writes runmqtrm's argument character for character", () => {
    const blank = (n: number) => " ".repeat(n);
    const field = (value: string, size: number) => value + blank(size - value.length);
    const expected =
      "TMC " + // StrucId at 0
      "   2" + // Version at 4: the text MQTMC_VERSION_2
      field("QL_QM1", 48) + // QName at 8
      field("P_NOTEPAD", 48) + // ProcessName at 56
      blank(64) + // TriggerData at 104
      blank(4) + // ApplType at 168: always blanks in MQTMC2
      field("C:/WINNT/system32/notepad.exe", 256) + // ApplId at 172
      blank(128) + // EnvData at 428
      field("abc", 128) + // UserData at 556
      field("QM1", 48); // QMgrName at 684
    const text = encodeTriggerMessageCharacter(notepad, "QM1");
    expect(text).toBe(expected);
    expect(text).toHaveLength(732);
    for (const [name, offset] of Object.entries(OFFSETS)) expect(MQTMC2_LAYOUT[name]?.offset, name).toBe(offset);
    expect(text.slice(OFFSETS.QName, OFFSETS.QName + 6)).toBe("QL_QM1");
    expect(text.slice(OFFSETS.ApplId, OFFSETS.ApplId + 2)).toBe("C:");
    expect(text.slice(OFFSETS.UserData, OFFSETS.UserData + 3)).toBe("abc");
    expect(text.slice(OFFSETS.QMgrName, OFFSETS.QMgrName + 3)).toBe("QM1");
  });

  it("takes the queue manager name from the trigger message when none is given", () => {
    expect(encodeTriggerMessageCharacter({ ...notepad, queueManagerName: "QM9" }).slice(684)).toBe("QM9".padEnd(48));
  });

  it("refuses a field longer than its size with MQRC_TMC_ERROR", () => {
    expect(() => encodeTriggerMessageCharacter({ ...notepad, queueName: "q".repeat(49) }, "QM1")).toThrow(/MQRC_TMC_ERROR.*QName/);
    expect(() => encodeTriggerMessageCharacter(notepad, "M".repeat(49))).toThrow(/MQRC_TMC_ERROR.*QMgrName/);
  });
});

describe("decodeTriggerMessageCharacter (MQTMC2)", () => {
  it("reads an MQTMC2 back, with ApplType 0 for its blanks", () => {
    expect(decodeTriggerMessageCharacter(encodeTriggerMessageCharacter(notepad, "QM1"))).toEqual({ ...notepad, applicationType: 0, queueManagerName: "QM1" });
  });

  it("reads a right-aligned number a trigger monitor wrote in ApplType", () => {
    const text = encodeTriggerMessageCharacter(notepad, "QM1");
    const withType = text.slice(0, 168) + "  11" + text.slice(172);
    expect(decodeTriggerMessageCharacter(withType).applicationType).toBe(MQAT_WINDOWS_NT);
  });

  it("refuses a wrong length, StrucId, version or ApplType with MQRC_TMC_ERROR", () => {
    const good = encodeTriggerMessageCharacter(notepad, "QM1");
    expect(() => decodeTriggerMessageCharacter(good.slice(0, 731))).toThrow(/MQRC_TMC_ERROR.*732 characters; this one is 731/);
    expect(() => decodeTriggerMessageCharacter("TM  " + good.slice(4))).toThrow(/MQRC_TMC_ERROR.*StrucId/);
    expect(() => decodeTriggerMessageCharacter("TMC    1" + good.slice(8))).toThrow(/MQRC_TMC_ERROR.*Version/);
    expect(() => decodeTriggerMessageCharacter("TMC 2   " + good.slice(8))).toThrow(/MQRC_TMC_ERROR.*Version/);
    expect(() => decodeTriggerMessageCharacter(good.slice(0, 168) + "UNIX" + good.slice(172))).toThrow(/MQRC_TMC_ERROR.*ApplType/);
  });
});

describe("round trips", () => {
  /** MQ character values: no NUL, no lone surrogate, no trailing blank (that is padding). */
  const value = (maxLength: number) =>
    fc
      .string({ unit: "binary", maxLength })
      .filter((s) => !s.includes("\0") && !/\p{Cs}/u.test(s))
      .map((s) => s.replace(/ +$/, ""));
  const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;
  const triggerMessage = (sizes: (s: string, max: number) => boolean) =>
    fc
      .record({
        queueName: value(48),
        processName: value(48),
        triggerData: value(64),
        applicationType: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        applicationId: value(256),
        environmentData: value(128),
        userData: value(128),
      })
      .filter((tm) =>
        (
          [
            [tm.queueName, 48],
            [tm.processName, 48],
            [tm.triggerData, 64],
            [tm.applicationId, 256],
            [tm.environmentData, 128],
            [tm.userData, 128],
          ] as const
        ).every(([s, max]) => sizes(s, max)),
      );

  it("MQTM: decode(encode(tm)) is tm, always 684 bytes", () => {
    fc.assert(
      fc.property(
        triggerMessage((s, max) => utf8Bytes(s) <= max),
        (tm) => {
          const bytes = encodeTriggerMessage(tm);
          expect(bytes).toHaveLength(684);
          expect(decodeTriggerMessage(bytes)).toEqual(tm);
        },
      ),
      fuzzOptions(100),
    );
  });

  it("MQTMC2: decode(encode(tm, qmgr)) is tm with its queue manager, ApplType blank, always 732 characters", () => {
    fc.assert(
      fc.property(
        triggerMessage((s, max) => s.length <= max),
        value(48),
        (tm, qmgr) => {
          const text = encodeTriggerMessageCharacter(tm, qmgr);
          expect(text).toHaveLength(732);
          expect(text.slice(168, 172)).toBe("    ");
          expect(decodeTriggerMessageCharacter(text)).toEqual({ ...tm, applicationType: 0, queueManagerName: qmgr });
        },
      ),
      fuzzOptions(100),
    );
  });
});

describe("APPLTYPE keywords", () => {
  it.each([
    ["UNIX", MQAT_UNIX],
    ["WINDOWSNT", MQAT_WINDOWS_NT],
    ["windowsnt", MQAT_WINDOWS_NT],
    ["CICS", MQAT_CICS],
    ["DEF", MQAT_DEFAULT],
    ["65536", MQAT_USER_FIRST],
    ["999999999", 999_999_999],
    ["7", 7],
  ])("%s is %i", (keyword, number) => {
    expect(applicationTypeFromKeyword(keyword)).toBe(number);
  });

  it("knows nothing else", () => {
    for (const bad of ["LINUX", "", "-1", "1000000000", "6.5"]) expect(applicationTypeFromKeyword(bad), bad).toBeUndefined();
  });

  it("writes a number back as its keyword, DEF as the platform's (UNIX), others as digits", () => {
    expect(applicationTypeKeyword(MQAT_WINDOWS_NT)).toBe("WINDOWSNT");
    expect(applicationTypeKeyword(MQAT_DEFAULT)).toBe("UNIX");
    expect(applicationTypeKeyword(MQAT_USER_FIRST)).toBe("65536");
    for (const keyword of ["CICS", "DOS", "IMS", "MVS", "NSK", "OS2", "OS400", "UNIX", "WINDOWS", "WINDOWSNT", "WLM"]) {
      expect(applicationTypeKeyword(applicationTypeFromKeyword(keyword)!)).toBe(keyword);
    }
  });
});
