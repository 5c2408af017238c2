/**
 * Trigger messages: MQTM, what the queue manager puts on an initiation queue when a trigger
 * event occurs, and MQTMC2, the all-character copy a trigger monitor (runmqtrm) hands to the
 * application it starts. The layouts are IBM's, byte for byte, so that a trigger monitor
 * written against IBM MQ reads ours unchanged.
 *
 * MQTM version 1, 684 bytes (offsets checked against IBM's MQTM reference and cmqc.h):
 *
 *   offset  size  field        value
 *        0     4  StrucId      "TM  "
 *        4     4  Version      MQLONG 1
 *        8    48  QName        the triggered queue
 *       56    48  ProcessName  the queue's PROCESS
 *      104    64  TriggerData  the queue's TRIGDATA
 *      168     4  ApplType     MQLONG, the process's APPLTYPE
 *      172   256  ApplId       the process's APPLICID
 *      428   128  EnvData      the process's ENVRDATA
 *      556   128  UserData     the process's USERDATA
 *
 * Numbers are little-endian: MQENC_NATIVE on x86 and x64 (Linux, Windows) is 0x222, whose
 * integer part (2, MQENC_INTEGER_REVERSED) is least significant byte first. A message carrying
 * an MQTM says so with Encoding MQENC_NATIVE in its descriptor.
 *
 * Characters are UTF-8 (CCSID 1208), blank padded; a field's size is in bytes. As for every
 * MQ character field, a value's trailing blanks are padding and do not survive a round trip,
 * and a NUL ends the value when reading (what follows it counts as blanks).
 *
 * MQTMC2, 732 characters: the same fields in the same order with both numbers turned into
 * four characters, and QMgrName (48) added at offset 684. Its StrucId is "TMC " and its
 * Version the text "   2" (MQTMC_VERSION_2). IBM's reference says ApplType "always contains
 * blanks, whatever the value in the MQTM", and IBM's own trigger monitor samples copy four
 * blanks there: so the started application never learns the application type from MQTMC2.
 *
 * The seed document (002) prints MQTMC2 as MQTM plus QMgrName, with StrucId "TM" and an
 * MQLONG Version; IBM's reference is followed here, as the brief asks, since an application
 * started by runmqtrm parses IBM's layout.
 */
import { MQError } from "../../base/errors.js";
import { utf8Decode, utf8Encode } from "../../message/message.js";

export {
  MQAT_AIX,
  MQAT_CICS,
  MQAT_DEFAULT,
  MQAT_DOS,
  MQAT_IMS,
  MQAT_MVS,
  MQAT_NO_CONTEXT,
  MQAT_NSK,
  MQAT_OS2,
  MQAT_OS400,
  MQAT_QMGR,
  MQAT_UNIX,
  MQAT_USER_FIRST,
  MQAT_USER_LAST,
  MQAT_WINDOWS,
  MQAT_WINDOWS_NT,
  MQAT_WLM,
  MQAT_ZOS,
  applicationTypeFromKeyword,
  applicationTypeKeyword,
} from "./application-types.js";

/**
 * The MQMD Format of a trigger message. cmqc.h spells it "MQTRIG" blank padded to eight;
 * "MQTRIGGR", which one might guess, is not IBM's value.
 */
export const MQFMT_TRIGGER = "MQTRIG  ";
export const MQTM_STRUC_ID = "TM  ";
export const MQTM_VERSION_1 = 1;
export const MQTM_LENGTH = 684;
export const MQTMC_STRUC_ID = "TMC ";
export const MQTMC_VERSION_2 = "   2";
export const MQTMC2_LENGTH = 732;
/** MQENC_NATIVE as x86 and x64 queue managers write it: the encoding an MQTM from here is in. */
export const MQENC_NATIVE_X86 = 0x222;

/** A trigger message's content, as the queue manager fills it from the queue and its process definition. */
export interface TriggerMessage {
  /** QName: the queue the trigger event happened on. */
  queueName: string;
  /** ProcessName: the queue's PROCESS (blank for a transmission queue triggered by TRIGDATA). */
  processName: string;
  /** TriggerData: the queue's TRIGDATA (a channel name for a transmission queue). */
  triggerData: string;
  /** ApplType: an MQAT_* number, from the process's APPLTYPE. */
  applicationType: number;
  /** ApplId: the process's APPLICID, the application to start. */
  applicationId: string;
  /** EnvData: the process's ENVRDATA. */
  environmentData: string;
  /** UserData: the process's USERDATA. */
  userData: string;
  /** QMgrName: only in MQTMC2, the queue manager the trigger monitor serves. */
  queueManagerName?: string;
}

type CharacterField = "queueName" | "processName" | "triggerData" | "applicationId" | "environmentData" | "userData";

/** The character fields common to MQTM and MQTMC2, in layout order, with IBM's names. */
const CHARACTER_FIELDS: readonly { key: CharacterField; name: string; offset: number; size: number }[] = [
  { key: "queueName", name: "QName", offset: 8, size: 48 },
  { key: "processName", name: "ProcessName", offset: 56, size: 48 },
  { key: "triggerData", name: "TriggerData", offset: 104, size: 64 },
  { key: "applicationId", name: "ApplId", offset: 172, size: 256 },
  { key: "environmentData", name: "EnvData", offset: 428, size: 128 },
  { key: "userData", name: "UserData", offset: 556, size: 128 },
];

/** Where every field of the two structures starts and how long it is: the layout above, for tests and tools. */
export const MQTM_LAYOUT = {
  StrucId: { offset: 0, size: 4 },
  Version: { offset: 4, size: 4 },
  ...Object.fromEntries(CHARACTER_FIELDS.map((f) => [f.name, { offset: f.offset, size: f.size }])),
  ApplType: { offset: 168, size: 4 },
} as Readonly<Record<string, { offset: number; size: number }>>;
export const MQTMC2_LAYOUT = { ...MQTM_LAYOUT, QMgrName: { offset: 684, size: 48 } } as Readonly<Record<string, { offset: number; size: number }>>;

const VERSION_OFFSET = 4;
const APPL_TYPE_OFFSET = 168;
const QMGR_NAME_OFFSET = 684;
const QMGR_NAME_SIZE = 48;
const BLANK = 0x20;

/** The 684 bytes of an MQTM version 1 carrying `tm` (its queueManagerName has no place there). */
export function encodeTriggerMessage(tm: TriggerMessage): Uint8Array {
  const bytes = new Uint8Array(MQTM_LENGTH).fill(BLANK);
  const view = new DataView(bytes.buffer);
  bytes.set(asciiBytes(MQTM_STRUC_ID), 0);
  view.setInt32(VERSION_OFFSET, MQTM_VERSION_1, true);
  for (const field of CHARACTER_FIELDS) {
    const value = checkedText(tm[field.key], field.name, "MQRC_TM_ERROR");
    const encoded = utf8Encode(value);
    if (encoded.length > field.size) {
      throw new MQError("MQRC_TM_ERROR", `MQTM ${field.name} holds at most ${field.size} bytes; ${JSON.stringify(value)} takes ${encoded.length}`);
    }
    bytes.set(encoded, field.offset);
  }
  if (!Number.isInteger(tm.applicationType) || tm.applicationType < -0x8000_0000 || tm.applicationType > 0x7fff_ffff) {
    throw new MQError("MQRC_TM_ERROR", `MQTM ApplType is an MQLONG (a 32-bit whole number); ${tm.applicationType} is not one`);
  }
  view.setInt32(APPL_TYPE_OFFSET, tm.applicationType, true);
  return bytes;
}

/** The trigger message an MQTM version 1 of exactly 684 bytes carries. */
export function decodeTriggerMessage(bytes: Uint8Array): TriggerMessage {
  if (bytes.length !== MQTM_LENGTH) {
    throw new MQError("MQRC_TM_ERROR", `an MQTM is ${MQTM_LENGTH} bytes; this one is ${bytes.length}`);
  }
  const strucId = String.fromCharCode(...bytes.subarray(0, 4));
  if (strucId !== MQTM_STRUC_ID) {
    throw new MQError("MQRC_TM_ERROR", `an MQTM starts with StrucId ${JSON.stringify(MQTM_STRUC_ID)}; this one has ${JSON.stringify(strucId)}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getInt32(VERSION_OFFSET, true);
  if (version !== MQTM_VERSION_1) {
    // 1 read the wrong way round is 16777216: name that case, it is the likely one.
    const hint = view.getInt32(VERSION_OFFSET, false) === MQTM_VERSION_1 ? " (its numbers are big-endian; webmq reads MQENC_NATIVE of x86, little-endian)" : "";
    throw new MQError("MQRC_TM_ERROR", `only MQTM version ${MQTM_VERSION_1} is known; this one says ${version}${hint}`);
  }
  const tm = { applicationType: view.getInt32(APPL_TYPE_OFFSET, true) } as TriggerMessage;
  for (const field of CHARACTER_FIELDS) {
    tm[field.key] = bytesText(bytes.subarray(field.offset, field.offset + field.size), field.name);
  }
  return tm;
}

/**
 * The 732-character MQTMC2 a trigger monitor passes to the application it starts. ApplType is
 * four blanks, as IBM's reference has it (see the top of this file); QMgrName is `qmgrName`,
 * or the trigger message's own queueManagerName when none is given.
 */
export function encodeTriggerMessageCharacter(tm: TriggerMessage, qmgrName: string = tm.queueManagerName ?? ""): string {
  const slots: string[] = [MQTMC_STRUC_ID, MQTMC_VERSION_2];
  for (const field of CHARACTER_FIELDS) {
    if (field.offset === APPL_TYPE_OFFSET + 4) slots.push("    "); // ApplType sits between TriggerData and ApplId
    slots.push(padded(checkedText(tm[field.key], field.name, "MQRC_TMC_ERROR"), field.size, field.name));
  }
  slots.push(padded(checkedText(qmgrName, "QMgrName", "MQRC_TMC_ERROR"), QMGR_NAME_SIZE, "QMgrName"));
  return slots.join("");
}

/**
 * The trigger message an MQTMC2 of exactly 732 characters carries, with its queueManagerName.
 * Its applicationType is 0, MQTM's initial ApplType, since MQTMC2 leaves the field blank; a
 * trigger monitor that wrote the number there instead (right-aligned digits) is read too.
 */
export function decodeTriggerMessageCharacter(text: string): TriggerMessage & { queueManagerName: string } {
  if (typeof text !== "string" || text.length !== MQTMC2_LENGTH) {
    throw new MQError("MQRC_TMC_ERROR", `an MQTMC2 is ${MQTMC2_LENGTH} characters; this one is ${typeof text === "string" ? text.length : typeof text}`);
  }
  const strucId = text.slice(0, 4);
  if (strucId !== MQTMC_STRUC_ID) {
    throw new MQError("MQRC_TMC_ERROR", `an MQTMC2 starts with StrucId ${JSON.stringify(MQTMC_STRUC_ID)}; this one has ${JSON.stringify(strucId)}`);
  }
  const version = text.slice(VERSION_OFFSET, VERSION_OFFSET + 4);
  if (version !== MQTMC_VERSION_2) {
    throw new MQError("MQRC_TMC_ERROR", `an MQTMC2 has Version ${JSON.stringify(MQTMC_VERSION_2)}; this one has ${JSON.stringify(version)}`);
  }
  const applType = text.slice(APPL_TYPE_OFFSET, APPL_TYPE_OFFSET + 4);
  if (!/^ *\d*$/.test(applType)) {
    throw new MQError("MQRC_TMC_ERROR", `MQTMC2 ApplType is blanks (or a right-aligned number); this one has ${JSON.stringify(applType)}`);
  }
  const tm = { applicationType: applType.trim() === "" ? 0 : Number(applType) } as TriggerMessage & { queueManagerName: string };
  for (const field of CHARACTER_FIELDS) tm[field.key] = fieldText(text.slice(field.offset, field.offset + field.size), field.name);
  tm.queueManagerName = fieldText(text.slice(QMGR_NAME_OFFSET, QMGR_NAME_OFFSET + QMGR_NAME_SIZE), "QMgrName");
  return tm;
}

/**
 * A NUL would end the value when read back, so it cannot be written inside one; half a
 * surrogate pair has no UTF-8 form (the encoder would put U+FFFD in its place).
 */
function checkedText(value: unknown, name: string, reason: "MQRC_TM_ERROR" | "MQRC_TMC_ERROR"): string {
  if (typeof value !== "string") throw new MQError(reason, `${name} must be text; it is ${typeof value}`);
  if (value.includes("\0")) throw new MQError(reason, `${name} cannot hold a NUL character: MQ reads it as the end of the value`);
  if (/\p{Cs}/u.test(value)) throw new MQError(reason, `${name} holds half a surrogate pair, which is not a character`);
  return value;
}

/** MQTMC2 fields are counted in characters (UTF-16 code units, what a JavaScript string counts). */
function padded(value: string, size: number, name: string): string {
  if (value.length > size) {
    throw new MQError("MQRC_TMC_ERROR", `MQTMC2 ${name} holds at most ${size} characters; ${JSON.stringify(value)} has ${value.length}`);
  }
  return value.padEnd(size, " ");
}

/**
 * An MQTMC2 field's value. Half a surrogate pair (alone, or a pair split by a field's end) is
 * refused as the encoder refuses it, so that what is read can be written on.
 */
function fieldText(field: string, name: string): string {
  const value = unpadded(field);
  if (/\p{Cs}/u.test(value)) throw new MQError("MQRC_TMC_ERROR", `MQTMC2 ${name} holds half a surrogate pair, which is not a character`);
  return value;
}

/** A field's value: up to a NUL if there is one, without the blank padding. */
function unpadded(field: string): string {
  const nul = field.indexOf("\0");
  return (nul === -1 ? field : field.slice(0, nul)).replace(/ +$/, "");
}

function bytesText(field: Uint8Array, name: string): string {
  const nul = field.indexOf(0);
  const content = nul === -1 ? field : field.subarray(0, nul);
  let end = content.length;
  while (end > 0 && content[end - 1] === BLANK) end--;
  try {
    return utf8Decode(content.subarray(0, end));
  } catch (cause) {
    throw new MQError("MQRC_TM_ERROR", `MQTM ${name} is not UTF-8 text (CCSID 1208)`, { cause });
  }
}

function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
